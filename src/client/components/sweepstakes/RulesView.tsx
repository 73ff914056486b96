import type { SweepstakesAmendment, SweepstakesRules } from '@contracts/sweepstakes';
import { formatDateTime, formatMoney } from './format';

/**
 * The bonus-entry terms as the server applies them: a bonus only counts for someone holding a free entry, waits
 * until then, and a share counts when a new person enters free through the entrant's link, up to the cap.
 */
export function bonusTerms(rules: SweepstakesRules): string {
  const { purchase, referral, share } = rules.bonus_entries;
  const terms = [
    purchase > 0 && `${purchase} per purchase`,
    referral > 0 && `${referral} per person referred through the affiliate programme`,
    share > 0 &&
      `${share} per new person who enters free through your personal share link (at most ${rules.share_cap ?? 10} people; clicks alone earn nothing)`,
  ].filter(Boolean);
  if (terms.length === 0) return 'None: only free entries count.';
  return `${terms.join('; ')}. Bonus entries count only for people who hold a free entry; earned before entering, they wait and count once you enter. Every entry weighs the same in the draw.`;
}

/** The official rules as published, followed by every dated amendment. */
export function RulesView({ rules, amendments }: { rules: SweepstakesRules; amendments: SweepstakesAmendment[] }) {
  const rows: Array<[string, string]> = [
    ['Eligibility', `${rules.min_age}+ · residents of ${rules.regions.join(', ')}`],
    ['Starts', formatDateTime(rules.starts_at, rules.timezone) + ` (${rules.timezone})`],
    ['Ends', formatDateTime(rules.ends_at, rules.timezone) + ` (${rules.timezone})`],
    ['Entries', rules.entry_period === 'daily' ? 'One free entry per day' : 'One free entry per person'],
    ['Free entry method', rules.free_entry_method],
    ['Odds', rules.odds_statement],
    ['Claim window', `${rules.claim_window_days} days, then the next alternate (${rules.alternates} alternates drawn)`],
    ['Bonus entries', bonusTerms(rules)],
    [
      'Prize values',
      rules.prizes.map((p) => `${p.name}: ${formatMoney(p.retail_value_minor, rules.currency)}`).join('; '),
    ],
  ];
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-line text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1 py-2 sm:grid-cols-3">
            <dt className="font-medium text-slate-700 dark:text-slate-300">{term}</dt>
            <dd className="break-words text-slate-600 sm:col-span-2 dark:text-slate-400">{value}</dd>
          </div>
        ))}
      </dl>
      {amendments.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Amendments</h3>
          <ol className="mt-2 space-y-2 text-sm">
            {amendments.map((a) => (
              <li
                key={a.id}
                className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
              >
                <span className="font-medium">{formatDateTime(a.effective_at)}:</span> {a.summary}
                {a.changes.ends_at && <> New end: {formatDateTime(a.changes.ends_at, rules.timezone)}.</>}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
