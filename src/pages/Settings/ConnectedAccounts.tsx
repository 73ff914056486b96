import { Head, router } from '@inertiajs/react';
import { Button, Card, EmptyState } from '@/components/ui';
import type { PageProps } from '@/types';

interface Account {
  id: string;
  provider: string;
  displayName: string | null;
  connectedAt: string;
}

const providerName = (provider: string) => provider.charAt(0).toUpperCase() + provider.slice(1);

export default function ConnectedAccountSettings({ accounts }: PageProps<{ accounts: Account[] }>) {
  const disconnect = (account: Account) => {
    if (window.confirm(`Disconnect ${providerName(account.provider)}?`))
      router.delete(`/settings/connected-accounts/${account.id}`, { preserveScroll: true });
  };
  return (
    <>
      <Head title="Connected accounts" />
      {accounts.length === 0 ? (
        <EmptyState
          title="No connected accounts"
          description="Accounts you link from other services appear here. You can always log in with your email and password."
        />
      ) : (
        <Card
          padded={false}
          title="Linked services"
          description="You can always log in with your email and password, so disconnecting is safe."
        >
          <ul className="divide-y divide-line">
            {accounts.map((account) => (
              <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                <div className="flex items-center gap-3">
                  <span
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-100 text-sm font-bold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                    aria-hidden="true"
                  >
                    {account.provider.charAt(0).toUpperCase()}
                  </span>
                  <div>
                    <p className="font-medium text-slate-900 dark:text-white">{providerName(account.provider)}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {account.displayName ? `${account.displayName} · ` : ''}connected{' '}
                      {new Date(account.connectedAt).toLocaleDateString()}
                    </p>
                  </div>
                </div>
                <Button size="sm" variant="secondary" onClick={() => disconnect(account)}>
                  Disconnect
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}

ConnectedAccountSettings.layout = { settingsTitle: 'Connected accounts' };
