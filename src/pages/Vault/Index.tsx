import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { Page } from '@contracts/common';
import type { VaultItem } from '@contracts/commerce';
import { commerceApi, commercePaths } from '@/api/commerce';
import { OrdersTabs } from '@/components/commerce/OrdersTabs';
import { Button, Card, EmptyState, Pagination } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';

type Props = PageProps<{ items: Page<VaultItem> }>;

/** The vault: downloadable purchases. Each download asks for a fresh link that lives about five minutes. */
export default function VaultIndex({ items }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (item: VaultItem) => {
    setBusy(item.id);
    try {
      const { link } = await commerceApi.downloadLink(item.id);
      window.location.assign(link.url);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Head title="Vault" />
      <div className="mx-auto max-w-4xl">
        <h1 className="mb-4 text-2xl font-bold text-slate-900 dark:text-white">Vault</h1>
        <OrdersTabs />
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
