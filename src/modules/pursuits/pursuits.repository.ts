import { Injectable } from '@nestjs/common';
import { returningRows } from '../../database/raw-rows';
import { TransactionalRepository } from '../../database/transactional-repository';

export interface PursuitRow {
  id: string;
  owner_id: string;
  shared_team_id: string | null;
  title: string;
  description: string;
  unit: string;
  target: number;
  progress: number;
  due_on: string | null;
  completed_at: Date | null;
  updated_at: Date;
}

export interface MilestoneRow {
  id: string;
  pursuit_id: string;
  title: string;
  done_at: Date | null;
}

export type PursuitValues = Pick<
  PursuitRow,
  'title' | 'description' | 'unit' | 'target' | 'progress' | 'due_on' | 'shared_team_id'
>;

const COLUMNS = `id, owner_id, shared_team_id, title, description, unit, target, progress, to_char(due_on, 'YYYY-MM-DD') AS due_on,
  completed_at, updated_at`;

/** The only place with SQL for pursuits and their milestones. */
@Injectable()
export class PursuitsRepository extends TransactionalRepository {
  async find(id: string): Promise<PursuitRow | null> {
    const [row] = (await this.m.query(`SELECT ${COLUMNS} FROM pursuits WHERE id = $1`, [id])) as PursuitRow[];
    return row ?? null;
  }

  /** The owner's pursuits, or those shared with any of `teamIds`, most recently changed first. */
  async list(by: { ownerId: string } | { teamIds: string[] }, offset: number, limit: number) {
    const [where, param] =
      'ownerId' in by ? ['owner_id = $1', by.ownerId] : ['shared_team_id = ANY($1::uuid[])', by.teamIds];
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(`SELECT ${COLUMNS} FROM pursuits WHERE ${where} ORDER BY updated_at DESC, id OFFSET $2 LIMIT $3`, [
        param,
        offset,
        limit,
      ]) as Promise<PursuitRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM pursuits WHERE ${where}`, [param]) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, n] as const;
  }

  async create(ownerId: string, v: PursuitValues, at: Date): Promise<PursuitRow> {
    const [row] = (await this.m.query(
      `INSERT INTO pursuits (owner_id, title, description, unit, target, progress, due_on, shared_team_id, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $6::int >= $5::int THEN $9::timestamptz END) RETURNING ${COLUMNS}`,
      [ownerId, v.title, v.description, v.unit, v.target, v.progress, v.due_on, v.shared_team_id, at],
    )) as PursuitRow[];
    return row;
  }

  /** Changes the given fields; completed_at follows progress reaching the target (kept from the first time). */
  async update(id: string, v: Partial<PursuitValues>, at: Date): Promise<PursuitRow> {
    const entries = Object.entries(v).filter(([, value]) => value !== undefined);
    const sets = entries.map(([k], i) => `${k} = $${i + 3}`).join(', ');
    const [row] = returningRows<PursuitRow>(
      await this.m.query(
        `UPDATE pursuits SET ${sets ? `${sets}, ` : ''}updated_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, at, ...entries.map(([, value]) => value)],
      ),
    );
    const [done] = returningRows<PursuitRow>(
      await this.m.query(
        `UPDATE pursuits SET completed_at = CASE WHEN progress >= target THEN coalesce(completed_at, $2) END
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, at],
      ),
    );
    return done ?? row;
  }

  async remove(id: string): Promise<void> {
    await this.m.query(`DELETE FROM pursuits WHERE id = $1`, [id]);
  }

  async milestones(pursuitIds: string[]): Promise<MilestoneRow[]> {
    if (!pursuitIds.length) return [];
    return this.m.query(
      `SELECT id, pursuit_id, title, done_at FROM pursuit_milestones WHERE pursuit_id = ANY($1::uuid[])
       ORDER BY created_at, id`,
      [pursuitIds],
    ) as Promise<MilestoneRow[]>;
  }

  async milestone(id: string): Promise<MilestoneRow | null> {
    const [row] = (await this.m.query(`SELECT id, pursuit_id, title, done_at FROM pursuit_milestones WHERE id = $1`, [
      id,
    ])) as MilestoneRow[];
    return row ?? null;
  }

  async milestoneCount(pursuitId: string): Promise<number> {
    const [{ n }] = (await this.m.query(`SELECT count(*)::int AS n FROM pursuit_milestones WHERE pursuit_id = $1`, [
      pursuitId,
    ])) as Array<{ n: number }>;
    return n;
  }

  async addMilestone(pursuitId: string, title: string): Promise<void> {
    await this.m.query(`INSERT INTO pursuit_milestones (pursuit_id, title) VALUES ($1, $2)`, [pursuitId, title]);
  }

  async setMilestone(id: string, v: { title?: string; done_at?: Date | null }): Promise<void> {
    if (v.title !== undefined)
      await this.m.query(`UPDATE pursuit_milestones SET title = $2 WHERE id = $1`, [id, v.title]);
    if (v.done_at !== undefined)
      await this.m.query(`UPDATE pursuit_milestones SET done_at = $2 WHERE id = $1`, [id, v.done_at]);
  }

  async removeMilestone(id: string): Promise<void> {
    await this.m.query(`DELETE FROM pursuit_milestones WHERE id = $1`, [id]);
  }
}
