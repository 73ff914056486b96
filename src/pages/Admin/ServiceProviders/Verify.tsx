import type { ProviderAwaitingPage } from '@contracts/directory';
import { Head, Link, router } from '@inertiajs/react';
import { directoryApi, directoryPaths } from '@/api/directory';
import { Button, Card, EmptyState, Pagination } from '@/components/ui';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

/**
 * Admin ServiceProviders/Verify: providers whose licence document waits for a check, oldest first. Read the
 * document against the licence number and set the verified badge (each decision leaves an audit row).
 */
export default function AdminServiceProvidersVerify({ providers }: PageProps<{ providers: ProviderAwaitingPage }>) {
  const { running: busy, attempt } = useAttempt();
  const verify = async (id: string) => {
    await attempt(
      async () => {
        notify.success((await directoryApi.verify(id, true)).message);
        router.reload({ only: ['providers'] });
      },
      'Could not verify this provider',
      id,
    );
  };
  return (
    <>
      <Head title="Provider licences" />
      <div className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-headline text-ink">Provider licences</h1>
          <p className="text-sm text-ink-muted tabular-nums">{providers.total} waiting</p>
        </div>
        <Card padded={false}>
          {providers.data.length ? (
            <ul className="divide-y divide-line">
              {providers.data.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <Link href={directoryPaths.provider(p.id)} className="block font-medium break-words text-ink">
                      {p.name}
                    </Link>
                    <p className="text-xs text-ink-muted">
                      {p.industry.name}
                      {p.city ? ` · ${p.city}` : ''} · licence {p.licence_number ?? 'not given'}
                      {p.licence_document &&
                        ` · uploaded ${new Date(p.licence_document.uploaded_at).toLocaleDateString()}`}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {p.licence_document && (
                      <a
                        href={p.licence_document.url}
                        target="_blank"
                        rel="noreferrer"
                        className="text-sm font-medium text-accent-ink"
                      >
                        Open document
                      </a>
                    )}
                    <Button
                      size="sm"
                      loading={busy === p.id}
                      disabled={!p.licence_number}
                      onClick={() => void verify(p.id)}
                    >
                      Verify
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title="Nothing waiting" description="Licences that providers upload show up here." />
          )}
        </Card>
        <Pagination of={providers} hrefFor={(page) => directoryPaths.verify(page)} />
      </div>
    </>
  );
}
