import { Head, Link } from '@inertiajs/react';
import type { CampaignJson, FarmProps } from '@contracts/crm-marketing';
import { crmPaths } from '@/api/crm';
import { farmPaths, templatePaths } from '@/api/crm-marketing';
import { Card, DividedList, EmptyState, Pagination, TabLink } from '@/components/ui';
import { StatCard } from '@/components/charts';
import { CampaignForm } from '@/components/crm/farm/CampaignForm';
import { CodesPanel } from '@/components/crm/farm/CodesPanel';
import { FarmAreaPanel } from '@/components/crm/farm/FarmAreaPanel';
import { GiftsPanel } from '@/components/crm/farm/GiftsPanel';
import { OpenHousesPanel } from '@/components/crm/farm/OpenHousesPanel';

const TABS: Array<{ key: FarmProps['tab']; label: string }> = [
  { key: 'campaigns', label: 'Campaign' },
  { key: 'email', label: 'Email collection' },
  { key: 'open_house', label: 'Open house' },
  { key: 'gifts', label: 'Gifts' },
];

const areaText = (c: CampaignJson) =>
  !c.area
    ? 'No area drawn'
    : c.area.kind === 'radius'
      ? `${(c.area.radius_m / 1000).toFixed(1)} km around ${c.area.lat.toFixed(4)}, ${c.area.lng.toFixed(4)}`
      : `A polygon of ${c.area.points.length} points`;

/** Farm/Index: geographic farming campaigns with their email collection form, open houses, codes and gifts. */
export default function FarmIndex({ book, can_manage, campaigns, selected, tab, map }: FarmProps) {
  const current = selected?.campaign;
  return (
    <>
      <Head title="Farm" />
      <div className="mb-4 flex flex-wrap items-baseline gap-3">
        <h1 className="text-headline text-ink">Farm</h1>
        <span className="text-sm text-ink-muted">{book.name}</span>
        <nav className="ms-auto flex gap-3 text-sm" aria-label="Marketing">
          <Link href={templatePaths.email} className="text-accent-ink underline">
            Email templates
          </Link>
          <Link href={templatePaths.marketing} className="text-accent-ink underline">
            Flyer and social templates
          </Link>
        </nav>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[18rem_1fr]">
        <aside className="space-y-4">
          <Card title="Campaigns" padded={false}>
            <DividedList
              items={campaigns.data}
              empty={<EmptyState title="No campaigns yet" description="Start farming a neighbourhood." />}
              aria-label="Campaigns"
            >
              {(c) => (
                <li key={c.id}>
                  <Link
                    href={farmPaths.farm(c.id, tab)}
                    className={`block px-4 py-2 text-sm hover:bg-surface-muted ${c.id === current?.id ? 'font-semibold text-accent-ink' : 'text-ink'}`}
                  >
                    {c.name}
                    <span className="block text-xs font-normal text-ink-subtle">{c.counts.submissions} leads</span>
                  </Link>
                </li>
              )}
            </DividedList>
            <Pagination className="p-3" of={campaigns} hrefFor={(p) => `${farmPaths.farm()}?page=${p}`} />
          </Card>
          {can_manage && <CampaignForm />}
        </aside>
        {selected && current ? (
          <section className="min-w-0 space-y-4">
            <div>
              <h2 className="text-title text-ink">{current.name}</h2>
              <p className="text-sm text-ink-muted">{areaText(current)}</p>
            </div>
            <nav className="flex gap-1 overflow-x-auto border-b border-line" aria-label="Campaign sections">
              {TABS.map((t) => (
                <TabLink key={t.key} href={farmPaths.farm(current.id, t.key)} preserveScroll active={t.key === tab}>
                  {t.label}
                </TabLink>
              ))}
            </nav>
            {tab === 'campaigns' && (
              <>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                  <StatCard label="Leads" value={String(current.counts.submissions)} />
                  <StatCard label="Codes" value={String(current.counts.codes)} />
                  <StatCard label="Redeemed" value={String(current.counts.redeemed)} />
                  <StatCard label="Gifts" value={String(current.counts.gifts)} />
                </div>
                <FarmAreaPanel
                  key={`${current.id}:${JSON.stringify(current.area)}`}
                  campaign={current}
                  inArea={selected.in_area}
                  canManage={can_manage}
                  map={map}
                />
                <CodesPanel campaignId={current.id} codes={selected.codes} canManage={can_manage} />
              </>
            )}
            {tab === 'email' && (
              <>
                <Card title="Public form">
                  <p className="text-sm text-ink-muted">
                    Share the link, print it as a QR code, or paste the embed on your site.
                  </p>
                  <a className="mt-2 block break-all text-sm text-accent-ink underline" href={current.form_url}>
                    {current.form_url}
                  </a>
                  <textarea
                    readOnly
                    aria-label="Embed code"
                    className="mt-3 h-20 w-full rounded-control border border-line bg-surface-muted p-2 font-mono text-xs text-ink"
                    value={current.embed_html}
                  />
                </Card>
                <Card title="Latest sign-ups" padded={false}>
                  <DividedList
                    items={selected.submissions}
                    empty={
                      <EmptyState
                        title="No sign-ups yet"
                        description="People who fill in the form become leads here."
                      />
                    }
                  >
                    {(l) => (
                      <li key={l.id} className="px-4 py-2 text-sm">
                        <Link href={crmPaths.contact(l.contact_id)} className="font-medium text-ink hover:underline">
                          {l.contact_name || 'New contact'}
                        </Link>
                        <span className="ms-2 text-xs text-ink-subtle">
                          {l.source} · {new Date(l.created_at).toLocaleString()}
                        </span>
                      </li>
                    )}
                  </DividedList>
                </Card>
              </>
            )}
            {tab === 'open_house' && (
              <OpenHousesPanel campaign={current} houses={selected.open_houses} canManage={can_manage} />
            )}
            {tab === 'gifts' && <GiftsPanel campaignId={current.id} gifts={selected.gifts} />}
          </section>
        ) : (
          <EmptyState
            title="Pick or create a campaign"
            description="A campaign farms one area with a form, codes and gifts."
          />
        )}
      </div>
    </>
  );
}
