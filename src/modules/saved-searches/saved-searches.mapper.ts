import type { PropertyHistoryEntry, SavedSearch as SavedSearchJson } from '../../contracts/market';
import { escapeHtml } from '../../common/escape-html';
import type { SavedSearch } from './entities/saved-search.entity';
import type { HistoryRow, HitRow } from './saved-searches.repository';
import { iso } from '../../common/iso';

export function toSavedSearchJson(s: SavedSearch): SavedSearchJson {
  return { id: s.id, name: s.name, params: s.params, alerts: s.alerts, created_at: iso(s.createdAt) };
}

export function toHistoryJson(h: HistoryRow & { created_at: Date; currency: string | null }): PropertyHistoryEntry {
  return {
    kind: h.kind as PropertyHistoryEntry['kind'],
    old_price: h.old_price,
    new_price: h.new_price,
    currency: h.currency,
    old_status: h.old_status,
    new_status: h.new_status,
    at: iso(h.created_at),
  };
}

function money(amount: string | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return 'price on request';
  const n = Number(amount);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(n);
  } catch {
    return `${currency} ${Math.round(n).toLocaleString('en-US')}`;
  }
}

/** One line about a change: "New listing: Sunny loft, Austin - $450,000". */
export function describeHit(h: HitRow): string {
  const d = h.data;
  const where = d.city ? `${d.property_name}, ${d.city}` : d.property_name;
  if (h.kind === 'price_drop')
    return `Price drop: ${where} - now ${money(d.price, d.currency)} (was ${money(d.old_price, d.currency)})`;
  if (h.kind === 'status')
    return `Now ${(d.status ?? '').replace(/_/g, ' ')}: ${where} - ${money(d.price, d.currency)}`;
  return `New listing: ${where} - ${money(d.price, d.currency)}`;
}

export function alertTitle(h: HitRow, searches: number): string {
  const what = h.kind === 'price_drop' ? 'Price drop' : h.kind === 'status' ? 'Status change' : 'New listing';
  return searches > 1
    ? `${what}: ${h.data.property_name} matches ${searches} of your saved searches`
    : `${what}: ${h.data.property_name} matches "${h.search_name}"`;
}

/** The alert email: every change once (with the searches it matched), and the one-click unsubscribe link. */
export function alertEmail(
  name: string,
  hits: HitRow[],
  site: { appName: string; appUrl: string; unsubscribeUrl: string },
): { subject: string; html: string; text: string } {
  const changes = new Map<string, HitRow[]>();
  for (const h of hits) changes.set(h.history_id, [...(changes.get(h.history_id) ?? []), h]);
  const items = [...changes.values()].map((group) => ({
    line: describeHit(group[0]),
    searches: [...new Set(group.map((g) => g.search_name))].join(', '),
    url: `${site.appUrl}/properties/${group[0].data.slug}`,
  }));
  const subject =
    items.length === 1
      ? `${items[0].line} - ${site.appName}`
      : `${items.length} updates for your saved searches - ${site.appName}`;
  const text = [
    `Hi ${name},`,
    ...items.map((i) => `${i.line}\nMatches: ${i.searches}\n${i.url}`),
    `Stop these emails: ${site.unsubscribeUrl}`,
  ].join('\n\n');
  const html =
    `<p>Hi ${escapeHtml(name)},</p><ul>` +
    items
      .map(
        (i) =>
          `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.line)}</a><br><small>Matches: ${escapeHtml(i.searches)}</small></li>`,
      )
      .join('') +
    `</ul><p style="color:#666;font-size:12px"><a href="${escapeHtml(site.unsubscribeUrl)}">Stop saved-search emails</a></p>`;
  return { subject, html, text };
}
