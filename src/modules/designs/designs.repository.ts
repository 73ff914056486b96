import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, LessThan } from 'typeorm';
import {
  Design,
  DesignChatMessage,
  DesignEditSession,
  DesignEditState,
  DesignSide,
  Dream,
  GeneratedDesign,
  SavedPrompt,
} from './entities';

type Tx = EntityManager;

/**
 * The only place with SQL/TypeORM for the designer's tables: designs, generated designs, saved prompts, edit
 * states and sessions, dreams and design chat. Methods that take a `Tx` run inside the caller's transaction
 * (`transaction(work)`), so a credit spend or refund and the design's change commit together.
 */
@Injectable()
export class DesignsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (m: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ---- designs ----

  find(id: string): Promise<Design | null> {
    return this.db.getRepository(Design).findOneBy({ id });
  }

  /** Locks the design row for the rest of the transaction (one job run settles it at a time). */
  lock(m: Tx, id: string): Promise<Design | null> {
    return m
      .getRepository(Design)
      .createQueryBuilder('d')
      .setLock('pessimistic_write')
      .where('d.id = :id', { id })
      .getOne();
  }

  insert(m: Tx, design: Partial<Design>): Promise<Design> {
    return m.getRepository(Design).save(m.getRepository(Design).create(design));
  }

  async update(id: string, changes: Partial<Design>, m: Tx = this.db.manager): Promise<void> {
    await m.getRepository(Design).update({ id }, changes);
  }

  /** Changes the design only while it is still on job run `run` (a stale job writes nothing). */
  async updateRun(id: string, run: number, changes: Partial<Design>): Promise<void> {
    await this.db.getRepository(Design).update({ id, jobRun: run }, changes);
  }

  async delete(id: string): Promise<void> {
    await this.db.getRepository(Design).delete({ id });
  }

  withGenerated(m: Tx, id: string): Promise<Design | null> {
    return m.getRepository(Design).findOne({ where: { id }, relations: { generatedDesigns: true } });
  }

  async page(
    userId: string,
    opts: { offset: number; limit: number; favorites?: boolean; status?: string },
  ): Promise<[Design[], number]> {
    const qb = this.db.getRepository(Design).createQueryBuilder('d').where('d.user_id = :uid', { uid: userId });
    if (opts.favorites) qb.andWhere('d.favorite');
    if (opts.status) qb.andWhere('d.status = :status', { status: opts.status });
    return qb
      .orderBy('d.created_at', 'DESC')
      .addOrderBy('d.id', 'DESC')
      .skip(opts.offset)
      .take(opts.limit)
      .getManyAndCount();
  }

  byIds(ids: string[]): Promise<Design[]> {
    return ids.length ? this.db.getRepository(Design).findBy({ id: In([...new Set(ids)]) }) : Promise.resolve([]);
  }

  findByShareToken(token: string): Promise<Design | null> {
    return this.db.getRepository(Design).findOneBy({ shareToken: token });
  }

  async ownerOf(id: string): Promise<string | null> {
    const design = await this.db.getRepository(Design).findOne({ where: { id }, select: { userId: true } });
    return design?.userId ?? null;
  }

  /** Whether the design belongs to `ownerId` and is shared by link. */
  async isShared(id: string, ownerId: string): Promise<boolean> {
    const rows: Array<{ shared: boolean }> = await this.db.query(
      `SELECT share_token IS NOT NULL AS shared FROM designs WHERE id = $1 AND user_id::text = $2`,
      [id, ownerId],
    );
    return rows[0]?.shared === true;
  }

  /** Designs still pending or processing that have not moved since `before` (their job may be gone). */
  stale(before: Date, limit = 100): Promise<Design[]> {
    return this.db.getRepository(Design).find({
      where: { status: In(['pending', 'processing']), updatedAt: LessThan(before) },
      take: limit,
    });
  }

  // ---- generated designs ----

  findGenerated(id: string, designId?: string, m: Tx = this.db.manager): Promise<GeneratedDesign | null> {
    return m.getRepository(GeneratedDesign).findOneBy(designId ? { id, designId } : { id });
  }

  /** The generated designs of several designs, oldest first. */
  generatedOf(designIds: string[]): Promise<GeneratedDesign[]> {
    if (!designIds.length) return Promise.resolve([]);
    return this.db
      .getRepository(GeneratedDesign)
      .find({ where: { designId: In([...new Set(designIds)]) }, order: { createdAt: 'ASC' } });
  }

  async insertGenerated(m: Tx, generated: Partial<GeneratedDesign>): Promise<void> {
    const repo = m.getRepository(GeneratedDesign);
    await repo.insert(repo.create(generated));
  }

  async updateGenerated(id: string, changes: Partial<GeneratedDesign>, m: Tx = this.db.manager): Promise<void> {
    await m.getRepository(GeneratedDesign).update({ id }, changes);
  }

  /** Fails the generated design unless it already finished. */
  async failGenerated(m: Tx, id: string, reason: string): Promise<void> {
    await m
      .getRepository(GeneratedDesign)
      .update({ id, status: In(['pending', 'processing']) }, { status: 'failed', failureReason: reason });
  }

  // ---- saved prompts ----

  prompts(userId: string): Promise<SavedPrompt[]> {
    return this.db.getRepository(SavedPrompt).find({ where: { userId }, order: { createdAt: 'DESC' }, take: 100 });
  }

  countPrompts(userId: string): Promise<number> {
    return this.db.getRepository(SavedPrompt).countBy({ userId });
  }

  savePrompt(prompt: Partial<SavedPrompt>): Promise<SavedPrompt> {
    const repo = this.db.getRepository(SavedPrompt);
    return repo.save(repo.create(prompt));
  }

  findPrompt(id: string): Promise<SavedPrompt | null> {
    return this.db.getRepository(SavedPrompt).findOneBy({ id });
  }

  async deletePrompt(id: string): Promise<void> {
    await this.db.getRepository(SavedPrompt).delete({ id });
  }

  // ---- edit view: state per side and sessions ----

  editStates(designId: string): Promise<DesignEditState[]> {
    return this.db.getRepository(DesignEditState).findBy({ designId });
  }

  editState(designId: string, side: DesignSide): Promise<DesignEditState | null> {
    return this.db.getRepository(DesignEditState).findOneBy({ designId, side });
  }

  /** Writes only the given parts of a side's state, then counts the change in that side's open session. */
  async saveEditState(
    designId: string,
    side: DesignSide,
    patch: Pick<Partial<DesignEditState>, 'editHistory' | 'selectedBrands' | 'currentDesignHtml'>,
    m: Tx = this.db.manager,
  ): Promise<void> {
    await m.query(
      `INSERT INTO design_edit_states (design_id, side, edit_history, selected_brands, current_design_html, updated_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (design_id, side) DO UPDATE SET
         edit_history = CASE WHEN $6 THEN EXCLUDED.edit_history ELSE design_edit_states.edit_history END,
         selected_brands = CASE WHEN $7 THEN EXCLUDED.selected_brands ELSE design_edit_states.selected_brands END,
         current_design_html = CASE WHEN $8 THEN EXCLUDED.current_design_html ELSE design_edit_states.current_design_html END,
         updated_at = now()`,
      [
        designId,
        side,
        JSON.stringify(patch.editHistory ?? []),
        JSON.stringify(patch.selectedBrands ?? []),
        patch.currentDesignHtml ?? '',
        !!patch.editHistory,
        !!patch.selectedBrands,
        patch.currentDesignHtml !== undefined,
      ],
    );
    await m.query(
      `UPDATE design_edit_sessions SET edits = edits + 1 WHERE id = (SELECT id FROM design_edit_sessions WHERE design_id = $1 AND side = $2 AND ended_at IS NULL ORDER BY started_at DESC LIMIT 1)`,
      [designId, side],
    );
  }

  recentSessions(designId: string, limit: number): Promise<DesignEditSession[]> {
    return this.db
      .getRepository(DesignEditSession)
      .find({ where: { designId }, order: { startedAt: 'DESC' }, take: limit });
  }

  /** Ends the side's open session and opens a new one. */
  async startSession(designId: string, userId: string, side: DesignSide): Promise<DesignEditSession> {
    await this.db.query(
      `UPDATE design_edit_sessions SET ended_at = now() WHERE design_id = $1 AND side = $2 AND ended_at IS NULL`,
      [designId, side],
    );
    const repo = this.db.getRepository(DesignEditSession);
    return repo.save(repo.create({ designId, userId, side, edits: 0, endedAt: null }));
  }

  findSession(id: string, designId: string): Promise<DesignEditSession | null> {
    return this.db.getRepository(DesignEditSession).findOneBy({ id, designId });
  }

  async endSession(id: string, at: Date): Promise<void> {
    await this.db.getRepository(DesignEditSession).update({ id }, { endedAt: at });
  }

  // ---- dreams ----

  dreamsPage(userId: string, offset: number, limit: number): Promise<[Dream[], number]> {
    return this.db.getRepository(Dream).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  findDream(id: string): Promise<Dream | null> {
    return this.db.getRepository(Dream).findOneBy({ id });
  }

  saveDream(dream: Partial<Dream>): Promise<Dream> {
    const repo = this.db.getRepository(Dream);
    return repo.save(repo.create(dream));
  }

  async deleteDream(id: string): Promise<void> {
    await this.db.getRepository(Dream).delete({ id });
  }

  // ---- design chat ----

  chatMessages(designId: string, order: 'ASC' | 'DESC', limit: number): Promise<DesignChatMessage[]> {
    return this.db
      .getRepository(DesignChatMessage)
      .find({ where: { designId, hiddenAt: IsNull() }, order: { createdAt: order }, take: limit });
  }

  saveChatMessage(message: Partial<DesignChatMessage>): Promise<DesignChatMessage> {
    const repo = this.db.getRepository(DesignChatMessage);
    return repo.save(repo.create(message));
  }

  /** Designs started in [start, end) that completed and that failed (the admin metrics rollup). */
  async outcomesBetween(start: Date, end: Date): Promise<{ completed: number; failed: number }> {
    const [row] = await this.db.query<Array<{ completed: string; failed: string }>>(
      `SELECT count(*) FILTER (WHERE status = 'completed') AS completed, count(*) FILTER (WHERE status = 'failed') AS failed
       FROM designs WHERE created_at >= $1 AND created_at < $2`,
      [start, end],
    );
    return { completed: Number(row.completed), failed: Number(row.failed) };
  }

  /** Designs shared by link in [start, end), counted per owner (by the shared_at index). */
  async sharesBetween(start: Date, end: Date): Promise<Array<{ userId: string; count: number }>> {
    const rows = await this.db.query<Array<{ user_id: string; n: number }>>(
      `SELECT user_id, count(*)::int AS n FROM designs WHERE shared_at >= $1 AND shared_at < $2 GROUP BY user_id`,
      [start, end],
    );
    return rows.map((r) => ({ userId: r.user_id, count: r.n }));
  }

  /** Each UTC day in [start, end) with the distinct users who had a design started on it (the admin console's activity). */
  async activeUserDays(start: Date, end: Date): Promise<Array<{ day: string; userId: string }>> {
    const rows = await this.db.query<Array<{ day: string; user_id: string }>>(
      `SELECT DISTINCT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, user_id
       FROM designs WHERE created_at >= $1 AND created_at < $2`,
      [start, end],
    );
    return rows.map((r) => ({ day: r.day, userId: r.user_id }));
  }
}
