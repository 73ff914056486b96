import type { ProviderAwaitingPage } from '@contracts/directory';
import { Head, Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { directoryApi, directoryPaths } from '@/api/directory';
import { Button, Card, EmptyState, Pagination } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';

/**
 * Admin ServiceProviders/Verify: providers whose licence document waits for a check, oldest first. Read the
 * document against the licence number and set the verified badge (each decision leaves an audit row).
 */
export default function AdminServiceProvidersVerify({ providers }: PageProps<{ providers: ProviderAwaitingPage }>) {
  const [busy, setBusy] = useState<string | null>(null);
  const verify = async (id: string) => {
    setBusy(id);
    try {
      notify.success((await directoryApi.verify(id, true)).message);
      router.reload({ only: ['providers'] });
    } catch (e) {
      notify.error(errorMessage(e, 'Could not verify this provider'));
    } finally {
      setBusy(null);
    }
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
        <Pagination
          currentPage={providers.current_page}
          lastPage={providers.last_page}
          hrefFor={(page) => directoryPaths.verify(page)}
        />
      </div>
    </>
  );
}
