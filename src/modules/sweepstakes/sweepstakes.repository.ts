import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../../database/transactional-repository';
import type { DrawStep, EntrySource, SweepstakesState, WinnerStatus } from '../../contracts/sweepstakes';
import {
  Sweepstakes,
  SweepstakesAmendmentRow,
  SweepstakesAudit,
  SweepstakesEntrant,
  SweepstakesWinner,
} from './entities/sweepstakes.entity';

export interface NewEntry {
  sweepstakesId: string;
  userId: string;
  source: EntrySource;
  sourceRef: string | null;
  periodKey: string | null;
  entries: number;
  region: string | null;
  ip: string | null;
  device: string | null;
  at: Date;
  /** False for a bonus entry of someone without a free entry yet: it waits and does not move the counters. */
  counted: boolean;
  /** What the free entry form recorded (null on bonus entries). */
  birthDate: string | null;
  rulesAcceptedAt: Date | null;
}

export interface EntryListRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  source: EntrySource;
  source_ref: string | null;
  entries: number;
  counted: boolean;
  created_at: Date;
}

export interface EntrantForDraw extends SweepstakesEntrant {
  email: string;
}

export interface WinnerWithUser extends SweepstakesWinner {
  userName: string;
  userEmail: string;
}

/** The only place with SQL for the sweepstakes tables. `transaction` hands out a copy bound to one transaction. */
@Injectable()
export class SweepstakesRepository extends TransactionalRepository {
  // ---- sweepstakes ------------------------------------------------------------------------------------------------

  find(id: string, options: { withSeed?: boolean; lock?: boolean } = {}): Promise<Sweepstakes | null> {
    const query = this.m.getRepository(Sweepstakes).createQueryBuilder('s').where('s.id = :id', { id });
    if (options.withSeed) query.addSelect('s.serverSeed');
    if (options.lock) query.setLock('pessimistic_write');
    return query.getOne();
  }

  create(values: Partial<Sweepstakes>): Promise<Sweepstakes> {
    const repo = this.m.getRepository(Sweepstakes);
    return repo.save(repo.create(values));
  }

  async update(id: string, values: Partial<Sweepstakes>): Promise<void> {
    await this.m.getRepository(Sweepstakes).update(id, values);
  }

  /** Progress of a running draw; false once the draw is no longer running (another run finished it). */
  async updateDrawSteps(id: string, steps: DrawStep[]): Promise<boolean> {
    const result = await this.m
      .getRepository(Sweepstakes)
      .update({ id, state: 'drawing' as SweepstakesState }, { drawSteps: steps });
    return (result.affected ?? 0) > 0;
  }

  async list(states: SweepstakesState[], offset: number, limit: number): Promise<[Sweepstakes[], number]> {
    return this.m
      .getRepository(Sweepstakes)
      .createQueryBuilder('s')
      .where('s.state IN (:...states)', { states })
      .orderBy('s.opensAt', 'DESC')
      .addOrderBy('s.id', 'DESC')
      .skip(offset)
      .take(limit)
      .getManyAndCount();
  }

  /** Every sweepstakes open at `at` (bonus entries go to each of them). */
  openAt(at: Date): Promise<Sweepstakes[]> {
    return this.m
      .getRepository(Sweepstakes)
      .createQueryBuilder('s')
      .where(`s.state = 'open' AND s.opensAt <= :at AND s.closesAt > :at`, { at })
      .getMany();
  }

  // ---- amendments and audit ---------------------------------------------------------------------------------------

  amendments(sweepstakesId: string): Promise<SweepstakesAmendmentRow[]> {
    return this.m
      .getRepository(SweepstakesAmendmentRow)
      .find({ where: { sweepstakesId }, order: { effectiveAt: 'ASC', createdAt: 'ASC' } });
  }

  addAmendment(values: Partial<SweepstakesAmendmentRow>): Promise<SweepstakesAmendmentRow> {
    const repo = this.m.getRepository(SweepstakesAmendmentRow);
    return repo.save(repo.create(values));
  }

  async audit(sweepstakesId: string, actorId: string | null, action: string, detail: object = {}): Promise<void> {
    await this.m.getRepository(SweepstakesAudit).insert({ sweepstakesId, actorId, action, detail: { ...detail } });
  }

  auditTrail(sweepstakesId: string, limit = 100): Promise<Array<SweepstakesAudit & { actor_name: string | null }>> {
    return this.m.query(
      `SELECT a.id, a.action, a.detail, a.created_at AS "createdAt", u.name AS actor_name
         FROM sweepstakes_audit a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.sweepstakes_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
      [sweepstakesId, limit],
    );
  }

  // ---- entries ----------------------------------------------------------------------------------------------------

  /**
   * Inserts an entry; false when the period (free) or the action (bonus) already has one. A counted entry moves the
   * counters (the person's first counted entry makes them an entrant); a pending one waits.
   */
  async addEntry(entry: NewEntry): Promise<boolean> {
    const firstOfPerson = !(await this.hasCountedEntry(entry.sweepstakesId, entry.userId));
    const rows: Array<{ id: string }> = await this.m.query(
      `INSERT INTO sweepstakes_entries
         (sweepstakes_id, user_id, source, source_ref, period_key, entries, region, ip, device, created_at,
          counted, birth_date, rules_accepted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        entry.sweepstakesId,
        entry.userId,
        entry.source,
        entry.sourceRef,
        entry.periodKey,
        entry.entries,
        entry.region,
        entry.ip,
        entry.device,
        entry.at,
        entry.counted,
        entry.birthDate,
        entry.rulesAcceptedAt,
      ],
    );
    if (rows.length === 0) return false;
    if (!entry.counted) return true;
    await this.m.query(
      `UPDATE sweepstakes SET entry_count = entry_count + $2, entrant_count = entrant_count + $3 WHERE id = $1`,
      [entry.sweepstakesId, entry.entries, firstOfPerson ? 1 : 0],
    );
    return true;
  }

  private async hasCountedEntry(sweepstakesId: string, userId: string): Promise<boolean> {
    const rows = await this.m.query(
      `SELECT 1 FROM sweepstakes_entries WHERE sweepstakes_id = $1 AND user_id = $2 AND counted LIMIT 1`,
      [sweepstakesId, userId],
    );
    return rows.length > 0;
  }

  /** The person's counted entries, pending ones, free entry periods and share bonuses. */
  async entriesOf(
    sweepstakesId: string,
    userId: string,
  ): Promise<{ total: number; pending: number; periods: string[]; shares: number }> {
    const rows: Array<{ total: string | null; pending: string | null; periods: string[] | null; shares: number }> =
      await this.m.query(
        `SELECT sum(entries) FILTER (WHERE counted) AS total, sum(entries) FILTER (WHERE NOT counted) AS pending,
                array_agg(period_key) FILTER (WHERE source = 'free') AS periods,
                count(*) FILTER (WHERE source = 'share')::int AS shares
           FROM sweepstakes_entries WHERE sweepstakes_id = $1 AND user_id = $2`,
        [sweepstakesId, userId],
      );
    const row = rows[0];
    return {
      total: Number(row?.total ?? 0),
      pending: Number(row?.pending ?? 0),
      periods: row?.periods ?? [],
      shares: row?.shares ?? 0,
    };
  }

  async counts(sweepstakesId: string): Promise<{ entry_count: number; entrant_count: number }> {
    const s = await this.m.getRepository(Sweepstakes).findOneByOrFail({ id: sweepstakesId });
    return { entry_count: s.entryCount, entrant_count: s.entrantCount };
  }

  async entriesBySource(sweepstakesId: string): Promise<Record<EntrySource, number>> {
    const rows: Array<{ source: EntrySource; total: string }> = await this.m.query(
      `SELECT source, sum(entries) AS total FROM sweepstakes_entries WHERE sweepstakes_id = $1 AND counted
        GROUP BY source`,
      [sweepstakesId],
    );
    const result: Record<EntrySource, number> = { free: 0, purchase: 0, referral: 0, share: 0 };
    for (const row of rows) result[row.source] = Number(row.total);
    return result;
  }

  async entryPage(sweepstakesId: string, offset: number, limit: number): Promise<[EntryListRow[], number]> {
    const rows: EntryListRow[] = await this.m.query(
      `SELECT e.id, e.user_id, u.name, u.email, e.source, e.source_ref, e.entries, e.counted, e.created_at
         FROM sweepstakes_entries e JOIN users u ON u.id = e.user_id
        WHERE e.sweepstakes_id = $1 ORDER BY e.created_at DESC, e.id DESC OFFSET $2 LIMIT $3`,
      [sweepstakesId, offset, limit],
    );
    const total: Array<{ n: string }> = await this.m.query(
      `SELECT count(*) AS n FROM sweepstakes_entries WHERE sweepstakes_id = $1`,
      [sweepstakesId],
    );
    return [rows, Number(total[0].n)];
  }

  // ---- frozen entrant list ----------------------------------------------------------------------------------------

  /** The frozen list in canonical order (byte order of refs, as the draw algorithm sorts). */
  async entrantsForDraw(sweepstakesId: string): Promise<EntrantForDraw[]> {
    const rows: Array<Record<string, unknown>> = await this.m.query(
      `SELECT ref, user_id, entries, email_key, account_created_at, first_ip, first_device, first_entry_at
         FROM sweepstakes_entrants WHERE sweepstakes_id = $1 ORDER BY ref COLLATE "C"`,
      [sweepstakesId],
    );
    return rows.map((r) => ({
      sweepstakesId,
      ref: r.ref as string,
      userId: r.user_id as string,
      entries: Number(r.entries),
      emailKey: r.email_key as string,
      email: r.email_key as string,
      accountCreatedAt: r.account_created_at as Date,
      firstIp: r.first_ip as string | null,
      firstDevice: r.first_device as string | null,
      firstEntryAt: r.first_entry_at as Date,
    }));
  }

  /** Streams the canonical list text in pages so a large list never sits in memory as rows. */
  async *canonicalListChunks(sweepstakesId: string, pageSize = 50_000): AsyncGenerator<string> {
    let after = '';
    for (;;) {
      const rows: Array<{ ref: string; entries: number }> = await this.m.query(
        `SELECT ref, entries FROM sweepstakes_entrants WHERE sweepstakes_id = $1 AND ref COLLATE "C" > $2
          ORDER BY ref COLLATE "C" LIMIT $3`,
        [sweepstakesId, after, pageSize],
      );
      if (rows.length === 0) return;
      yield rows.map((r) => `${r.ref},${r.entries}\n`).join('');
      after = rows[rows.length - 1].ref;
    }
  }

  // ---- winners ----------------------------------------------------------------------------------------------------

  async insertWinners(rows: Array<Partial<SweepstakesWinner>>): Promise<void> {
    if (rows.length) await this.m.getRepository(SweepstakesWinner).insert(rows);
  }

  winners(sweepstakesId: string): Promise<WinnerWithUser[]> {
    return this.m
      .getRepository(SweepstakesWinner)
      .createQueryBuilder('w')
      .innerJoin('users', 'u', 'u.id = w.user_id')
      .addSelect(['u.name AS user_name', 'u.email AS user_email'])
      .where('w.sweepstakesId = :sweepstakesId', { sweepstakesId })
      .orderBy('w.rank', 'ASC')
      .getRawAndEntities()
      .then(({ raw, entities }) =>
        entities.map((w, i) => Object.assign(w, { userName: raw[i].user_name, userEmail: raw[i].user_email })),
      );
  }

  winner(id: string, options: { lock?: boolean } = {}): Promise<SweepstakesWinner | null> {
    const query = this.m.getRepository(SweepstakesWinner).createQueryBuilder('w').where('w.id = :id', { id });
    if (options.lock) query.setLock('pessimistic_write');
    return query.getOne();
  }

  winnerOf(sweepstakesId: string, userId: string): Promise<SweepstakesWinner | null> {
    return this.m.getRepository(SweepstakesWinner).findOneBy({ sweepstakesId, userId });
  }

  nextStandby(sweepstakesId: string): Promise<SweepstakesWinner | null> {
    return this.m
      .getRepository(SweepstakesWinner)
      .findOne({ where: { sweepstakesId, status: 'standby' as WinnerStatus }, order: { rank: 'ASC' } });
  }

  async updateWinner(id: string, values: Partial<SweepstakesWinner>): Promise<void> {
    await this.m.getRepository(SweepstakesWinner).update(id, values);
  }
}
