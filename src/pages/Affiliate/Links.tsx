import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { AffiliateJson, AffiliateLinkJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import type { DiscountCode } from '@contracts/commerce';
import { discountTerms } from '@/components/commerce/format';
import { affiliatesApi } from '@/api/affiliates';
import { AffiliateNav, formatDate } from '@/components/affiliates/parts';
import { Button, Card, EmptyState, Pagination, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

/** Affiliate Links: tracked links to any page, with clicks and a QR code each. */
export default function Links({
  links: first,
  discount_codes: codes,
}: PageProps<{ affiliate: AffiliateJson; links: Page<AffiliateLinkJson>; discount_codes: Page<DiscountCode> }>) {
  const { attempt } = useAttempt();
  const [links, setLinks] = useState(first);
  const form = useApiForm(
    { destination: '/marketplace', campaign: '' },
    {
      successMessage: 'Link created',
      onSuccess: ({ link }: { link: AffiliateLinkJson }) =>
        setLinks((l) => ({ ...l, data: [link, ...l.data], total: l.total + 1 })),
    },
  );
  const goTo = async (page: number) => {
    await attempt(async () => {
      setLinks(await affiliatesApi.links(page));
    });
  };
  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url);
    notify.success('Link copied');
  };
  return (
    <>
      <Head title="Affiliate links" />
      <h1 className="mb-4 text-2xl font-semibold text-slate-900 dark:text-white">Links</h1>
      <AffiliateNav />
      <Card title="New link" description="Any page of Reelty: a listing, a spot, the feed, the marketplace.">
        <form
          onSubmit={form.handleSubmit((values) => affiliatesApi.createLink(values))}
          className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        >
          <TextField label="Page" {...form.field('destination')} />
          <TextField label="Campaign tag" placeholder="optional" {...form.field('campaign')} />
          <Button type="submit" loading={form.processing}>
            Create
          </Button>
        </form>
      </Card>
      {codes.data.length > 0 && <YourCodes codes={codes.data} />}
      <div className="mt-6 space-y-3">
        {links.data.length === 0 && (
          <EmptyState title="No links yet" description="Your first link takes a second to make." />
        )}
        {links.data.map((link) => (
          <div
            key={link.id}
            className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center dark:border-slate-800 dark:bg-slate-900"
          >
            {link.qr_svg && (
              <img
                src={link.qr_svg}
                alt={`QR code for ${link.url}`}
                className="h-24 w-24 shrink-0 rounded bg-white p-1"
              />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate font-mono text-sm text-slate-900 dark:text-white">{link.url}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                → {link.destination} {link.campaign && `· ${link.campaign}`} · created {formatDate(link.created_at)}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="text-sm tabular-nums text-slate-700 dark:text-slate-300">{link.clicks} clicks</span>
              <Button size="sm" variant="secondary" onClick={() => copy(link.url)}>
                Copy
              </Button>
            </div>
          </div>
        ))}
        <Pagination of={links} onPageChange={goTo} />
      </div>
    </>
  );
}

/** Discount codes the programme gave this affiliate: a buyer who types one is credited to them, no click needed. */
function YourCodes({ codes }: { codes: DiscountCode[] }) {
  return (
    <Card
      className="mt-6"
      title="Your discount codes"
      description="Share them anywhere: an order that uses one earns you its commission, even without a link click."
    >
      <ul className="divide-y divide-line text-sm" data-testid="affiliate-codes">
        {codes.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="font-mono font-semibold text-ink">{c.code}</span>
            <span className="text-ink-muted">
              {discountTerms(c)} · {c.state_label} · {c.used} used
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
