import { Head, Link } from '@inertiajs/react';
import type { LeadsAnalyticsProps } from '@contracts/crm-marketing';
import { farmPaths } from '@/api/crm-marketing';
import { Card, EmptyState } from '@/components/ui';
import { BarChart, StatCard } from '@/components/charts';

const DAYS = [7, 30, 90, 365];
const label = (s: string) => s.replace(/_/g, ' ');
const pct = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '—');

/** Leads/Analytics: the funnel by source, speed to first contact per agent, conversion by campaign. */
export default function LeadsAnalytics({ book, scope, since_days, funnel, agents, campaigns }: LeadsAnalyticsProps) {
  const total = funnel.reduce(
    (t, f) => ({
      received: t.received + f.received,
      contacted: t.contacted + f.contacted,
      appointment: t.appointment + f.appointment,
      closed: t.closed + f.closed,
    }),
    { received: 0, contacted: 0, appointment: 0, closed: 0 },
  );
  return (
    <>
      <Head title="Lead analytics" />
      <div className="mb-4 flex flex-wrap items-baseline gap-3">
        <h1 className="text-headline text-ink">Lead analytics</h1>
        <span className="text-sm text-ink-muted">
          {book.name} · {scope === 'book' ? 'whole team' : 'your leads'}
        </span>
        <nav className="ms-auto flex gap-2 text-sm" aria-label="Period">
          {DAYS.map((d) => (
            <Link
              key={d}
              href={farmPaths.analytics(d)}
              className={d === since_days ? 'font-semibold text-accent-ink' : 'text-ink-muted hover:underline'}
            >
              {d} days
            </Link>
          ))}
        </nav>
      </div>
      <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatCard label="Received" value={String(total.received)} />
        <StatCard label="Contacted" value={pct(total.contacted, total.received)} />
        <StatCard label="Appointment" value={pct(total.appointment, total.received)} />
        <StatCard label="Closed" value={pct(total.closed, total.received)} />
      </div>
      {funnel.length === 0 ? (
        <EmptyState title="No leads in this period" description="Leads from every source are counted here." />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Card title="Leads by source">
            <BarChart
              label="Leads by source"
              points={funnel.map((f) => ({ label: label(f.source), value: f.received }))}
            />
            <ul className="mt-3 divide-y divide-line text-sm">
              {funnel.map((f) => (
                <li key={f.source} className="flex flex-wrap justify-between gap-2 py-1.5">
                  <span className="text-ink">{label(f.source)}</span>
                  <span className="text-ink-muted">
                    {f.received} → {f.contacted} contacted → {f.appointment} appt → {f.closed} closed
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          <Card title="Speed to lead (median minutes to first contact)">
            <BarChart
              label="Median minutes to first contact"
              points={agents.map((a) => ({ label: a.name, value: a.median_minutes ?? 0 }))}
            />
            <ul className="mt-3 divide-y divide-line text-sm">
              {agents.map((a) => (
                <li key={a.id} className="flex justify-between gap-2 py-1.5">
                  <span className="text-ink">{a.name}</span>
                  <span className="text-ink-muted">
                    {a.median_minutes === null ? 'none contacted' : `${a.median_minutes} min`} · {a.contacted}/{a.leads}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          <Card title="Conversion by campaign" className="lg:col-span-2">
            {campaigns.length === 0 ? (
              <p className="text-sm text-ink-muted">No farm campaigns yet.</p>
            ) : (
              <>
                <BarChart
                  label="Leads by campaign"
                  points={campaigns.map((c) => ({ label: c.name, value: c.leads }))}
                />
                <ul className="mt-3 divide-y divide-line text-sm">
                  {campaigns.map((c) => (
                    <li key={c.id} className="flex justify-between gap-2 py-1.5">
                      <span className="text-ink">{c.name}</span>
                      <span className="text-ink-muted">
                        {c.leads} leads · {c.closed} closed ({pct(c.closed, c.leads)})
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Card>
        </div>
      )}
    </>
  );
}
