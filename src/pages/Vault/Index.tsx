import { Head } from '@inertiajs/react';
import type { Page } from '@contracts/common';
import type { VaultItem } from '@contracts/commerce';
import { commerceApi, commercePaths } from '@/api/commerce';
import { OrdersHeader } from '@/components/commerce/OrdersTabs';
import { Button, Card, EmptyState, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

type Props = PageProps<{ items: Page<VaultItem> }>;

/** The vault: downloadable purchases. Each download asks for a fresh link that lives about five minutes. */
export default function VaultIndex({ items }: Props) {
  const { running: busy, attempt } = useAttempt();
  const download = async (item: VaultItem) => {
    await attempt(
      async () => {
        const { link } = await commerceApi.downloadLink(item.id);
        window.location.assign(link.url);
      },
      undefined,
      item.id,
    );
  };
  return (
    <>
      <Head title="Vault" />
      <div className="mx-auto max-w-4xl">
        <OrdersHeader title="Vault" />
        {items.data.length ? (
          <Card padded={false}>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {items.data.map((i) => (
                <li
                  key={i.id}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
                  data-testid="vault-item"
                >
                  <div className="min-w-0">
                    <p className="font-medium">{i.title}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {i.revoked
                        ? 'Refunded: download revoked'
                        : `${i.downloads_used} of ${i.download_limit} downloads used`}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    onClick={() => download(i)}
                    loading={busy === i.id}
                    disabled={i.revoked || i.downloads_used >= i.download_limit}
                  >
                    Download
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        ) : (
          <EmptyState title="Your vault is empty" description="Guides and templates you buy are kept here." />
        )}
        <Pagination of={items} hrefFor={(p) => `${commercePaths.vault}?page=${p}`} />
      </div>
    </>
  );
}
