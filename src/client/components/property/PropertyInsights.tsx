import { useEffect, useState } from 'react';
import type { PropertyHistoryEntry, PropertyInsights as Insights } from '@contracts/market';
import { StatCard } from '@/components/charts';
import { marketApi } from '@/api/market';
import { humanize } from './rules';
import { MortgageCalculator } from './MortgageCalculator';

function describe(h: PropertyHistoryEntry, money: (v: string | null) => string): string {
  if (h.kind === 'listed') return `Listed at ${money(h.new_price)}`;
  if (h.kind === 'unlisted') return 'Taken off the market';
  if (h.kind === 'price')
    return `Price ${Number(h.new_price) < Number(h.old_price) ? 'cut' : 'raised'} to ${money(h.new_price)}`;
  return `${humanize(h.old_status ?? '')} → ${humanize(h.new_status ?? '')}`;
}

/** The property page's history, days on market, views this week ("in demand") and the affordability calculator. */
export function PropertyInsights({
  propertyId,
  price,
  currency,
}: {
  propertyId: string;
  price: string | null;
  currency: string;
}) {
  const [insights, setInsights] = useState<Insights | null>(null);
  const [views, setViews] = useState<number | null>(null);

  useEffect(() => {
    void marketApi
      .insights(propertyId)
      .then(setInsights)
      .catch(() => undefined);
    void marketApi
      .recordView(propertyId)
      .then((r) => setViews(r.views_this_week))
      .catch(() => undefined);
  }, [propertyId]);

  if (!insights) return null;
  const money = (v: string | null) => {
    if (v === null) return 'no price';
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(
        Number(v),
      );
    } catch {
      return `${currency} ${v}`;
    }
  };
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-4" data-testid="property-insights">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <StatCard
          label="Days on market"
          value={insights.days_on_market === null ? '—' : String(insights.days_on_market)}
        />
        <StatCard label="Views this week" value={String(views ?? insights.views_this_week)} />
        {insights.in_demand && (
          <p className="self-center justify-self-start rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
            In demand
          </p>
        )}
      </div>
      {insights.history.length > 0 && (
        <section aria-label="Price and status history" className="rounded-card border border-line bg-surface p-4">
          <h2 className="text-title text-ink">History</h2>
          <ol className="mt-2 space-y-1 text-sm text-ink">
            {insights.history.map((h) => (
              <li key={`${h.at}-${h.kind}`} className="flex justify-between gap-3">
                <span>{describe(h, money)}</span>
                <time className="text-ink-muted" dateTime={h.at}>
                  {new Date(h.at).toLocaleDateString()}
                </time>
              </li>
            ))}
          </ol>
        </section>
      )}
      {price !== null && <MortgageCalculator price={Number(price)} currency={currency} defaults={insights.mortgage} />}
    </div>
  );
}
