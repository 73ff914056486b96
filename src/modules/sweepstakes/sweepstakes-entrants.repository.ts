import { Injectable } from '@nestjs/common';
import { returningRows } from '../../database/raw-rows';
import { TransactionalRepository } from '../../database/transactional-repository';
import type { AdminExclusion, ExclusionReason } from '../../contracts/sweepstakes';
import { EXCLUSION_LABELS } from './sweepstakes.rules';

/** One person's entries in a sweepstakes, read back for the freeze (what the free entry form recorded, the account). */
export interface PersonFactsRow {
  user_id: string;
  email_key: string;
  account_created_at: Date;
  account_closed: boolean;
  counted_entries: number;
  all_entries: number;
  free_entries: number;
  unaccepted: number;
  birth_date: string | null;
  regions: string[];
  first_ip: string | null;
  first_device: string | null;
  first_entry_at: Date | null;
}

export interface FrozenEntrant {
  ref: string;
  userId: string;
  entries: number;
  emailKey: string;
  accountCreatedAt: Date;
  firstIp: string | null;
  firstDevice: string | null;
  firstEntryAt: Date;
}

const INSERT_CHUNK = 10_000;

/**
 * SQL for who takes part: the per-person lock entries are made under, pending bonus entries, the frozen list with
 * its exclusions, and share codes. Bound into the sweepstakes repository's transaction with `repo.joined(this)`.
 */
@Injectable()
export class SweepstakesEntrantsRepository extends TransactionalRepository {
  /**
   * Serialises entry changes of one person in one sweepstakes for the transaction, so a free entry and a bonus entry
   * arriving together cannot leave the bonus pending. `scope` keeps other locks (a sharer's bonus count) apart.
   */
  async lockPerson(sweepstakesId: string, userId: string, scope = 'entries'): Promise<void> {
    await this.m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `sweepstakes:${scope}:${sweepstakesId}:${userId}`,
    ]);
  }

  async hasFreeEntry(sweepstakesId: string, userId: string): Promise<boolean> {
    const rows = await this.m.query(
      `SELECT 1 FROM sweepstakes_entries WHERE sweepstakes_id = $1 AND user_id = $2 AND source = 'free' LIMIT 1`,
      [sweepstakesId, userId],
    );
    return rows.length > 0;
  }

  /** Counts a person's pending bonus entries (at their free entry); returns how many entries that added. */
  async countPending(sweepstakesId: string, userId: string): Promise<number> {
    const rows = returningRows<{ entries: number }>(
      await this.m.query(
        `UPDATE sweepstakes_entries SET counted = true
          WHERE sweepstakes_id = $1 AND user_id = $2 AND NOT counted RETURNING entries`,
        [sweepstakesId, userId],
      ),
    );
    const added = rows.reduce((n, r) => n + Number(r.entries), 0);
    if (added)
      await this.m.query(`UPDATE sweepstakes SET entry_count = entry_count + $2 WHERE id = $1`, [sweepstakesId, added]);
    return added;
  }

  async sharesEarned(sweepstakesId: string, userId: string): Promise<number> {
    const rows: Array<{ n: number }> = await this.m.query(
      `SELECT count(*)::int AS n FROM sweepstakes_entries WHERE sweepstakes_id = $1 AND user_id = $2 AND source = 'share'`,
      [sweepstakesId, userId],
    );
    return rows[0].n;
  }

  // ---- share codes ------------------------------------------------------------------------------------------------

  /** The person's code, creating it with `fresh` the first time. */
  async ensureShareCode(sweepstakesId: string, userId: string, fresh: string): Promise<string> {
    await this.m.query(
      `INSERT INTO sweepstakes_share_codes (sweepstakes_id, user_id, code) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [sweepstakesId, userId, fresh],
    );
    return (await this.shareCodeOf(sweepstakesId, userId))!;
  }

  async shareCodeOf(sweepstakesId: string, userId: string): Promise<string | null> {
    const rows: Array<{ code: string }> = await this.m.query(
      `SELECT code FROM sweepstakes_share_codes WHERE sweepstakes_id = $1 AND user_id = $2`,
      [sweepstakesId, userId],
    );
    return rows[0]?.code ?? null;
  }

  async sharerOf(sweepstakesId: string, code: string): Promise<string | null> {
    const rows: Array<{ user_id: string }> = await this.m.query(
      `SELECT user_id FROM sweepstakes_share_codes WHERE sweepstakes_id = $1 AND code = $2`,
      [sweepstakesId, code],
    );
    return rows[0]?.user_id ?? null;
  }

  // ---- the freeze -------------------------------------------------------------------------------------------------

  /** Everyone with any entry, and what their free entries recorded (bonus rows carry no form answers). */
  peopleFacts(sweepstakesId: string): Promise<PersonFactsRow[]> {
    return this.m.query(
      `SELECT e.user_id, lower(u.email) AS email_key, u.created_at AS account_created_at,
              (u.suspended_at IS NOT NULL OR u.deleted_at IS NOT NULL) AS account_closed,
              coalesce(sum(e.entries) FILTER (WHERE e.counted), 0)::int AS counted_entries,
              sum(e.entries)::int AS all_entries,
              count(*) FILTER (WHERE e.source = 'free')::int AS free_entries,
              count(*) FILTER (WHERE e.source = 'free' AND e.rules_accepted_at IS NULL)::int AS unaccepted,
              (array_agg(e.birth_date::text ORDER BY e.created_at, e.id) FILTER (WHERE e.source = 'free'))[1] AS birth_date,
              coalesce(array_agg(DISTINCT e.region) FILTER (WHERE e.source = 'free' AND e.region IS NOT NULL), '{}') AS regions,
              (array_agg(e.ip ORDER BY e.created_at, e.id) FILTER (WHERE e.source = 'free'))[1] AS first_ip,
              (array_agg(e.device ORDER BY e.created_at, e.id) FILTER (WHERE e.source = 'free'))[1] AS first_device,
              min(e.created_at) FILTER (WHERE e.source = 'free') AS first_entry_at
         FROM sweepstakes_entries e JOIN users u ON u.id = e.user_id
        WHERE e.sweepstakes_id = $1
        GROUP BY e.user_id, u.email, u.created_at, u.suspended_at, u.deleted_at`,
      [sweepstakesId],
    );
  }

  async insertEntrants(sweepstakesId: string, entrants: FrozenEntrant[]): Promise<void> {
    for (let i = 0; i < entrants.length; i += INSERT_CHUNK) {
      const chunk = entrants.slice(i, i + INSERT_CHUNK);
      await this.m.query(
        `INSERT INTO sweepstakes_entrants
           (sweepstakes_id, ref, user_id, entries, email_key, account_created_at, first_ip, first_device, first_entry_at)
         SELECT $1, * FROM unnest($2::varchar[], $3::uuid[], $4::int[], $5::varchar[], $6::timestamptz[],
                                  $7::varchar[], $8::varchar[], $9::timestamptz[])
         ON CONFLICT DO NOTHING`,
        [
          sweepstakesId,
          chunk.map((e) => e.ref),
          chunk.map((e) => e.userId),
          chunk.map((e) => e.entries),
          chunk.map((e) => e.emailKey),
          chunk.map((e) => e.accountCreatedAt),
          chunk.map((e) => e.firstIp),
          chunk.map((e) => e.firstDevice),
          chunk.map((e) => e.firstEntryAt),
        ],
      );
    }
  }

  async insertExclusions(
    sweepstakesId: string,
    rows: Array<{ userId: string; reason: ExclusionReason; entries: number }>,
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK);
      await this.m.query(
        `INSERT INTO sweepstakes_exclusions (sweepstakes_id, user_id, reason, entries)
         SELECT $1, * FROM unnest($2::uuid[], $3::varchar[], $4::int[]) ON CONFLICT DO NOTHING`,
        [sweepstakesId, chunk.map((r) => r.userId), chunk.map((r) => r.reason), chunk.map((r) => r.entries)],
      );
    }
  }

  /** The admin's list of who was left out (first 500; the counts cover everyone). */
  async exclusions(sweepstakesId: string, limit = 500): Promise<AdminExclusion[]> {
    const rows: Array<{ user_id: string; name: string; email: string; reason: ExclusionReason; entries: number }> =
      await this.m.query(
        `SELECT x.user_id, u.name, u.email, x.reason, x.entries
           FROM sweepstakes_exclusions x JOIN users u ON u.id = x.user_id
          WHERE x.sweepstakes_id = $1 ORDER BY x.reason, u.name, x.user_id LIMIT $2`,
        [sweepstakesId, limit],
      );
    return rows.map((r) => ({
      user: { id: r.user_id, name: r.name, email: r.email },
      reason: r.reason,
      label: EXCLUSION_LABELS[r.reason],
      entries: Number(r.entries),
    }));
  }

  async exclusionCounts(sweepstakesId: string): Promise<Array<{ reason: ExclusionReason; n: number }>> {
    return this.m.query(
      `SELECT reason, count(*)::int AS n FROM sweepstakes_exclusions WHERE sweepstakes_id = $1 GROUP BY reason`,
      [sweepstakesId],
    );
  }
}
