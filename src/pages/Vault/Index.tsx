import { Head } from '@inertiajs/react';
import type { Page } from '@contracts/common';
import type { VaultItem } from '@contracts/commerce';
import { commerceApi, commercePaths } from '@/api/commerce';
import { OrderRows } from '@/components/commerce/OrderRows';
import { OrdersHeader } from '@/components/commerce/OrdersTabs';
import { Button, EmptyState } from '@/components/ui';
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
        <OrderRows
          page={items}
          hrefFor={(p) => `${commercePaths.vault}?page=${p}`}
          empty={<EmptyState title="Your vault is empty" description="Guides and templates you buy are kept here." />}
          rowTestId="vault-item"
          row={(i) => ({
            title: i.title,
            detail: i.revoked
              ? 'Refunded: download revoked'
              : `${i.downloads_used} of ${i.download_limit} downloads used`,
            action: (
              <Button
                size="sm"
                onClick={() => download(i)}
                loading={busy === i.id}
                disabled={i.revoked || i.downloads_used >= i.download_limit}
              >
                Download
              </Button>
            ),
          })}
        />
      </div>
    </>
  );
}
