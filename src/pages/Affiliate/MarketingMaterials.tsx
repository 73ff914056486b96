import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { AffiliateJson, AffiliateLinkJson, MaterialJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { AffiliateNav } from '@/components/affiliates/parts';
import { Button, EmptyState, Select } from '@/components/ui';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';

/** Affiliate MarketingMaterials: images and copy to share, each with one of your tracked links. */
export default function MarketingMaterials({
  materials,
  links,
}: PageProps<{ affiliate: AffiliateJson; materials: MaterialJson[]; links: Page<AffiliateLinkJson> }>) {
  const [linkUrl, setLinkUrl] = useState(links.data[0]?.url ?? '');
  const copy = async (m: MaterialJson) => {
    await navigator.clipboard?.writeText(`${m.body ?? m.title}\n${linkUrl}`);
    notify.success('Copied with your link');
  };
  return (
    <>
      <Head title="Marketing materials" />
      <h1 className="mb-4 text-2xl font-semibold text-slate-900 dark:text-white">Marketing materials</h1>
      <AffiliateNav />
      {links.data.length > 0 ? (
        <div className="mb-4 max-w-md">
          <Select
            aria-label="Tracked link to attach"
            options={links.data.map((l) => ({
              value: l.url,
              label: `${l.destination}${l.campaign ? ` · ${l.campaign}` : ''}`,
            }))}
            value={linkUrl}
            onChange={(e) => setLinkUrl(e.target.value)}
          />
        </div>
      ) : (
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          Create a link first so every material carries your tracking.
        </p>
      )}
      {materials.length === 0 && (
        <EmptyState title="No materials yet" description="The programme team adds banners and copy here." />
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {materials.map((m) => (
          <article
            key={m.id}
            className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          >
            {m.image_url && <img src={m.image_url} alt={m.title} className="aspect-video w-full object-cover" />}
            <div className="space-y-2 p-4">
              <h2 className="font-medium text-slate-900 dark:text-white">{m.title}</h2>
              {m.body && <p className="text-sm text-slate-600 dark:text-slate-300">{m.body}</p>}
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => copy(m)} disabled={!linkUrl}>
                  Copy with link
                </Button>
                {m.image_url && (
                  <a
                    className="inline-flex h-8 items-center px-3 text-sm text-brand-700 underline dark:text-brand-300"
                    href={m.image_url}
                    download
                  >
                    Download
                  </a>
                )}
              </div>
            </div>
          </article>
        ))}
      </div>
    </>
  );
}
