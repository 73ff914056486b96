import type {
  AdminEntryRow,
  AdminExclusion,
  ExcludedCount,
  ExclusionReason,
  AdminWinner,
  AuditEntry,
  DrawPublication,
  EntrySource,
  PublicWinner,
  SweepstakesAdmin,
  SweepstakesAmendment,
  SweepstakesPublic,
  SweepstakesSummary,
  WinnerStatus,
} from '../../contracts/sweepstakes';
import { DRAW_ALGORITHM } from './draw/fair-draw';
import type { Sweepstakes, SweepstakesAmendmentRow, SweepstakesWinner } from './entities/sweepstakes.entity';
import type { EntryListRow, WinnerWithUser } from './sweepstakes.repository';
import { describeExclusions, displayName, EXCLUSION_LABELS, shareCap } from './sweepstakes.rules';
import { mediaUrl } from '../../common/media-url';
import { iso } from '../../common/iso';

const HOLDING: WinnerStatus[] = ['notified', 'claimed', 'fulfilled'];

/** Rows -> wire JSON typed by src/contracts/sweepstakes.ts. The server seed leaves only once the draw has run. */

export function toSummary(s: Sweepstakes): SweepstakesSummary {
  return {
    id: s.id,
    title: s.title,
    summary: s.summary,
    state: s.state,
    starts_at: iso(s.opensAt),
    ends_at: iso(s.closesAt),
    total_prize_value_minor: s.totalPrizeMinor,
    currency: s.currency,
    entry_count: s.entryCount,
  };
}

export function toAmendment(a: SweepstakesAmendmentRow): SweepstakesAmendment {
  return { id: a.id, effective_at: iso(a.effectiveAt), summary: a.summary, changes: a.changes };
}

export type ExclusionCounts = Array<{ reason: ExclusionReason; n: number }>;

/** Counts in the order the reasons are checked, reasons nobody was excluded for left out. */
export function toExcludedCounts(counts: ExclusionCounts): ExcludedCount[] {
  const byReason = new Map(counts.map((c) => [c.reason, Number(c.n)]));
  return (Object.keys(EXCLUSION_LABELS) as ExclusionReason[])
    .filter((reason) => (byReason.get(reason) ?? 0) > 0)
    .map((reason) => ({ reason, label: EXCLUSION_LABELS[reason], people: byReason.get(reason)! }));
}

export function toDrawPublication(
  s: Sweepstakes,
  winners: SweepstakesWinner[],
  excluded: ExclusionCounts,
): DrawPublication {
  const drawn = s.state === 'drawn';
  return {
    algorithm: DRAW_ALGORITHM,
    entrants_hash: s.entrantsHash,
    seed_commitment: s.seedCommitment,
    seed: drawn ? (s.serverSeed ?? null) : null,
    beacon: s.beacon,
    entrant_count: s.entrantCount,
    entry_count: s.entryCount,
    frozen_at: iso(s.frozenAt),
    drawn_at: iso(s.drawnAt),
    picks_requested: s.picksRequested,
    excluded: toExcludedCounts(excluded),
    excluded_summary: describeExclusions(toExcludedCounts(excluded).map((e) => ({ reason: e.reason, n: e.people }))),
    picks: drawn
      ? winners.map((w) => ({
          rank: w.rank,
          ref: w.entrantRef,
          entries: w.entries,
          disqualified: w.status === 'disqualified' ? w.disqualifyReason : null,
        }))
      : [],
  };
}

export function toPublicWinner(s: Sweepstakes, w: WinnerWithUser): PublicWinner {
  return {
    rank: w.rank,
    display_name: displayName(w.userName),
    prize: w.prizeIndex === null ? null : (s.rules.prizes[w.prizeIndex]?.name ?? null),
    status: w.status,
  };
}

export function toPublic(
  s: Sweepstakes,
  amendments: SweepstakesAmendmentRow[],
  winners: WinnerWithUser[],
  excluded: ExclusionCounts,
): SweepstakesPublic {
  return {
    ...toSummary(s),
    // Rules stored before the share cap existed read with its default, so no page restates the default.
    rules: { ...s.rules, share_cap: shareCap(s.rules) },
    amendments: amendments.map(toAmendment),
    draw: toDrawPublication(s, winners, excluded),
    // Only current prize holders are public winners; alternates on standby and forfeits are not announced.
    winners: winners.filter((w) => HOLDING.includes(w.status)).map((w) => toPublicWinner(s, w)),
  };
}

export function toAdminWinner(s: Sweepstakes, w: WinnerWithUser): AdminWinner {
  return {
    id: w.id,
    rank: w.rank,
    user: { id: w.userId, name: w.userName, email: w.userEmail },
    entrant_ref: w.entrantRef,
    prize_index: w.prizeIndex,
    prize: w.prizeIndex === null ? null : (s.rules.prizes[w.prizeIndex]?.name ?? null),
    status: w.status,
    disqualify_reason: w.disqualifyReason,
    notified_at: iso(w.notifiedAt),
    claim_deadline: iso(w.claimDeadline),
    claimed_at: iso(w.claimedAt),
    fulfilled_at: iso(w.fulfilledAt),
    tracking: w.tracking,
    tax_form_url: mediaUrl(w.taxFormKey),
  };
}

export function toAdmin(
  s: Sweepstakes,
  parts: {
    amendments: SweepstakesAmendmentRow[];
    winners: WinnerWithUser[];
    sources: Record<EntrySource, number>;
    audit: Array<{
      id: string;
      action: string;
      detail: Record<string, unknown>;
      createdAt: Date;
      actor_name: string | null;
    }>;
    excluded: ExclusionCounts;
    exclusions: AdminExclusion[];
  },
): SweepstakesAdmin {
  return {
    ...toPublic(s, parts.amendments, parts.winners, parts.excluded),
    registration_required: s.registrationRequired,
    registration: s.registeredOn ? { registered_on: s.registeredOn, reference: s.registrationReference ?? '' } : null,
    entry_sources: parts.sources,
    draw_steps: s.drawSteps,
    admin_winners: parts.winners.map((w) => toAdminWinner(s, w)),
    audit: parts.audit.map((a): AuditEntry => ({
      id: a.id,
      action: a.action,
      actor: a.actor_name,
      detail: a.detail,
      at: iso(a.createdAt),
    })),
    exclusions: parts.exclusions,
    created_at: iso(s.createdAt),
  };
}

export function toEntryRow(r: EntryListRow): AdminEntryRow {
  return {
    id: r.id,
    user: { id: r.user_id, name: r.name, email: r.email },
    source: r.source,
    source_ref: r.source_ref,
    entries: Number(r.entries),
    counted: r.counted,
    created_at: iso(r.created_at),
  };
}

const CSV_COLUMNS = [
  'rank',
  'status',
  'prize',
  'name',
  'email',
  'entrant_ref',
  'disqualify_reason',
  'notified_at',
  'claim_deadline',
  'claimed_at',
  'fulfilled_at',
  'tracking',
] as const;

/** Winners export for regulators: every pick (winners, alternates, forfeits, disqualifications) in rank order. */
export function toWinnersCsv(s: Sweepstakes, winners: WinnerWithUser[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const w of winners) {
    const a = toAdminWinner(s, w);
    const cells = [
      a.rank,
      a.status,
      a.prize ?? '',
      a.user.name,
      a.user.email,
      a.entrant_ref,
      a.disqualify_reason ?? '',
      a.notified_at ?? '',
      a.claim_deadline ?? '',
      a.claimed_at ?? '',
      a.fulfilled_at ?? '',
      a.tracking ?? '',
    ];
    lines.push(cells.map((c) => csvCell(String(c))).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** Quotes when needed, and defuses spreadsheet formulas (a cell starting with = + - @). */
function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
