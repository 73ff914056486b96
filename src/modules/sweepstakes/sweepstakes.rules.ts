/**
 * The sweepstakes rules that need no database: registration, eligibility, entry periods, fraud checks, names.
 * Pure functions, unit-tested in sweepstakes.rules.spec.ts and used by the services.
 */
import { createHash } from 'node:crypto';
import type { DisqualifyReason, DrawStep, ExclusionReason, SweepstakesRules } from '../../contracts/sweepstakes';
import type { SweepstakesConfig } from '../../config/sweepstakes.config';

export const DRAW_STEP_LABELS: Array<Pick<DrawStep, 'key' | 'label'>> = [
  { key: 'loaded', label: 'Entries loaded' },
  { key: 'deduplicated', label: 'Deduplicated to people' },
  { key: 'fraud_checks', label: 'Fraud checks' },
  { key: 'shuffled', label: 'Shuffled (HMAC-DRBG)' },
  { key: 'picked', label: 'Winners picked' },
];

export function initialDrawSteps(): DrawStep[] {
  return DRAW_STEP_LABELS.map((s) => ({ ...s, done: false, detail: null }));
}

export function totalPrizeMinor(rules: Pick<SweepstakesRules, 'prizes'>): number {
  return rules.prizes.reduce((sum, prize) => sum + prize.retail_value_minor, 0);
}

/** Above the threshold, any listed region that requires registration makes the whole sweepstakes need one. */
export function registrationRequired(rules: SweepstakesRules, config: SweepstakesConfig): boolean {
  if (totalPrizeMinor(rules) <= config.registrationThresholdMinor) return false;
  return rules.regions.some((region) =>
    config.registrationRegions.some((needs) => needs === region || needs.startsWith(`${region}-`)),
  );
}

/** A listed country admits its subdivisions (`US` admits `US-CA`); a listed subdivision admits only itself. */
export function regionAllowed(rules: Pick<SweepstakesRules, 'regions'>, region: string): boolean {
  const wanted = region.toUpperCase();
  return rules.regions.some((r) => r === wanted || wanted.startsWith(`${r}-`));
}

/** What the free entry form recorded for one person, read back from the entries when the list is frozen. */
export interface EntrantFacts {
  freeEntries: number;
  /** Free entries that carry no accepted official rules. */
  unacceptedFreeEntries: number;
  /** The birth date given on the first free entry (null on entries made before dates were kept). */
  birthDate: string | null;
  /** Every region named on a free entry. */
  regions: string[];
  accountClosed: boolean;
}

/**
 * Eligibility, checked again on the list being frozen (the form checked it at entry): bonus entries alone never make
 * an entrant, and a free entry must still meet the rules in force at the close. The first failing rule is the reason.
 * A missing birth date passes: such entries predate stored dates and passed the age check at entry.
 */
export function exclusionOf(facts: EntrantFacts, rules: SweepstakesRules, closedAt: Date): ExclusionReason | null {
  if (facts.accountClosed) return 'ACCOUNT_CLOSED';
  if (facts.freeEntries === 0) return 'NO_FREE_ENTRY';
  if (facts.unacceptedFreeEntries > 0) return 'RULES_NOT_ACCEPTED';
  if (facts.birthDate !== null && ageOn(facts.birthDate, closedAt) < rules.min_age) return 'UNDER_AGE';
  if (!facts.regions.every((region) => regionAllowed(rules, region))) return 'REGION';
  return null;
}

/** Each exclusion reason in words, in the order they are checked and listed. */
export const EXCLUSION_LABELS: Record<ExclusionReason, string> = {
  ACCOUNT_CLOSED: 'Account suspended or deleted',
  NO_FREE_ENTRY: 'Bonus entries only, no free entry',
  RULES_NOT_ACCEPTED: 'Official rules not accepted',
  UNDER_AGE: 'Under the minimum age',
  REGION: 'Lives outside the eligible regions',
};

/** "2 excluded before the draw (1 bonus entries only, no free entry; 1 under the minimum age)". */
export function describeExclusions(counts: Array<{ reason: ExclusionReason; n: number }>): string {
  const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
  if (total === 0) return 'nobody excluded before the draw';
  const parts = counts.map((c) => `${c.n} ${EXCLUSION_LABELS[c.reason].toLowerCase()}`);
  return `${total} excluded before the draw (${parts.join('; ')})`;
}

/** Share bonuses one entrant may earn when the rules set no cap of their own. */
export const DEFAULT_SHARE_CAP = 10;

export function shareCap(rules: Pick<SweepstakesRules, 'share_cap'>): number {
  return rules.share_cap ?? DEFAULT_SHARE_CAP;
}

/** Whole years between a birth date (YYYY-MM-DD) and `at`. */
export function ageOn(birthDate: string, at: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  let age = at.getUTCFullYear() - y;
  if (at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d)) age -= 1;
  return age;
}

/** The entry period an instant falls in: `once`, or the calendar day in the sweepstakes' time zone. */
export function periodKey(rules: Pick<SweepstakesRules, 'entry_period' | 'timezone'>, at: Date): string {
  if (rules.entry_period === 'once') return 'once';
  return new Intl.DateTimeFormat('en-CA', { timeZone: rules.timezone, dateStyle: 'short' }).format(at);
}

/** The public pseudonym of a person in one sweepstakes' entrant list (the same formula as the freeze SQL). */
export function entrantRef(sweepstakesId: string, userId: string): string {
  return createHash('sha256').update(`${sweepstakesId}:${userId}`).digest('hex').slice(0, 20);
}

/** Mailbox variants collapse: case, `+tags`, and dots in Gmail local parts do not make a new person. */
export function emailKey(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const base = local.split('+')[0];
  if (domain === 'gmail.com' || domain === 'googlemail.com') return `${base.replace(/\./g, '')}@gmail.com`;
  return `${base}@${domain}`;
}

export function deviceKey(userAgent: string | undefined): string | null {
  return userAgent ? createHash('sha256').update(userAgent).digest('hex').slice(0, 16) : null;
}

export interface FraudSubject {
  ref: string;
  email: string;
  accountCreatedAt: Date;
  firstIp: string | null;
  firstDevice: string | null;
  firstEntryAt: Date;
}

/**
 * Fraud checks over the frozen entrant list, each flag with a reason code:
 *  - ACCOUNT_AFTER_END: the account was created after the sweepstakes ended;
 *  - EMAIL_VARIANT: another entrant's address is the same mailbox; the oldest account keeps its place;
 *  - IP_BURST / DEVICE_BURST: more than `burstPeople` different people first entered from one IP / device within
 *    `burstWindowMs`; the first person of the burst keeps their place, the rest are flagged.
 */
export function fraudFlags(
  entrants: FraudSubject[],
  endsAt: Date,
  config: Pick<SweepstakesConfig, 'burstPeople' | 'burstWindowMs'>,
): Map<string, DisqualifyReason> {
  const flags = new Map<string, DisqualifyReason>();
  const flag = (ref: string, reason: DisqualifyReason) => {
    if (!flags.has(ref)) flags.set(ref, reason);
  };
  for (const e of entrants) if (e.accountCreatedAt.getTime() > endsAt.getTime()) flag(e.ref, 'ACCOUNT_AFTER_END');
  for (const group of groupBy(entrants, (e) => emailKey(e.email))) {
    group.sort((a, b) => a.accountCreatedAt.getTime() - b.accountCreatedAt.getTime() || cmp(a.ref, b.ref));
    for (const e of group.slice(1)) flag(e.ref, 'EMAIL_VARIANT');
  }
  const bursts: Array<[(e: FraudSubject) => string | null, DisqualifyReason]> = [
    [(e) => e.firstIp, 'IP_BURST'],
    [(e) => e.firstDevice, 'DEVICE_BURST'],
  ];
  for (const [keyOf, reason] of bursts) {
    for (const group of groupBy(entrants, keyOf)) {
      if (group.length <= config.burstPeople) continue;
      group.sort((a, b) => a.firstEntryAt.getTime() - b.firstEntryAt.getTime() || cmp(a.ref, b.ref));
      let start = 0;
      for (let end = 0; end < group.length; end++) {
        while (group[end].firstEntryAt.getTime() - group[start].firstEntryAt.getTime() > config.burstWindowMs) start++;
        if (end - start + 1 > config.burstPeople) {
          for (let i = start + 1; i <= end; i++) flag(group[i].ref, reason);
        }
      }
    }
  }
  return flags;
}

function groupBy<T>(items: T[], keyOf: (item: T) => string | null): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Public winners list: first name and last initial only ("Victor V."). */
export function displayName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Winner';
  return parts.length === 1 ? parts[0] : `${parts[0]} ${parts[parts.length - 1][0].toUpperCase()}.`;
}

/** The effective rules: the locked rules with every amendment effective by `at` applied in date order. */
export function effectiveRules(
  rules: SweepstakesRules,
  amendments: Array<{ effective_at: string; changes: Partial<SweepstakesRules> }>,
  at: Date,
): SweepstakesRules {
  return amendments
    .filter((a) => new Date(a.effective_at).getTime() <= at.getTime())
    .sort((a, b) => a.effective_at.localeCompare(b.effective_at))
    .reduce<SweepstakesRules>((current, a) => ({ ...current, ...a.changes }), rules);
}

export interface AssignedPick {
  rank: number;
  ref: string;
  entries: number;
  prizeIndex: number | null;
  status: 'notified' | 'standby' | 'disqualified';
  disqualifyReason: DisqualifyReason | null;
}

/**
 * Turns the ordered picks into winners and alternates: prizes go, in prize order, to the first picks that passed
 * the fraud checks; flagged picks are disqualified with their reason and the next pick steps in, so a
 * disqualification never causes a new draw. Everyone after the last prize holder waits as an ordered alternate.
 */
export function assignPicks(
  picks: Array<{ rank: number; ref: string; entries: number }>,
  flags: Map<string, DisqualifyReason>,
  prizeCount: number,
): AssignedPick[] {
  let nextPrize = 0;
  return picks.map((pick) => {
    const reason = flags.get(pick.ref) ?? null;
    if (reason) return { ...pick, prizeIndex: null, status: 'disqualified', disqualifyReason: reason };
    if (nextPrize < prizeCount) {
      return { ...pick, prizeIndex: nextPrize++, status: 'notified', disqualifyReason: null };
    }
    return { ...pick, prizeIndex: null, status: 'standby', disqualifyReason: null };
  });
}

/** "0 flagged" or "3 flagged (2 EMAIL_VARIANT, 1 IP_BURST)": the fraud step's reasons by code. */
export function describeFlags(flags: Map<string, DisqualifyReason>): string {
  if (flags.size === 0) return '0 flagged';
  const byReason = new Map<DisqualifyReason, number>();
  for (const reason of flags.values()) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  const parts = [...byReason].sort(([a], [b]) => cmp(a, b)).map(([reason, n]) => `${n} ${reason}`);
  return `${flags.size} flagged (${parts.join(', ')})`;
}
