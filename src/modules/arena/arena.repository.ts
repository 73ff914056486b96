import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { hydrate, returningRows, selectList } from '../../database/raw-rows';
import { castVoteSql, ratingColumns, updateCreatorRatingsSql, updateEntryRatingsSql } from './arena-cast.sql';
import { TransactionalRepository } from '../../database/transactional-repository';
import type { ArenaCategory } from '../../contracts/arena';
import type { LogRow, RatingState } from './arena.rows';
import { ArenaBattle, ArenaCreatorRating, ArenaEntry, ArenaSeason, ArenaVote } from './entities/arena.entity';

/** The only place with SQL for the arena tables. `transaction` hands out a copy bound to one transaction. */
@Injectable()
export class ArenaRepository extends TransactionalRepository {
  // ---- seasons ----------------------------------------------------------------------------------------------------

  activeSeason(): Promise<ArenaSeason | null> {
    return this.m.getRepository(ArenaSeason).findOneBy({ state: 'active' });
  }

  findSeason(id: string): Promise<ArenaSeason | null> {
    return this.m.getRepository(ArenaSeason).findOneBy({ id });
  }

  /** Inserts the active season unless one exists (the partial unique index keeps one); returns the active one. */
  async ensureActiveSeason(values: Pick<ArenaSeason, 'name' | 'startsAt' | 'endsAt'>): Promise<ArenaSeason> {
    await this.m.query(
      `INSERT INTO arena_seasons (name, starts_at, ends_at, created_at) VALUES ($1, $2, $3, $2)
       ON CONFLICT DO NOTHING`,
      [values.name, values.startsAt, values.endsAt],
    );
    return (await this.activeSeason())!;
  }

  seasons(offset: number, limit: number): Promise<[ArenaSeason[], number]> {
    return this.m
      .getRepository(ArenaSeason)
      .findAndCount({ order: { startsAt: 'DESC', id: 'ASC' }, skip: offset, take: limit });
  }

  /** Marks the active season closed; false when it was closed already (by a concurrent close). */
  async closeSeason(id: string, at: Date): Promise<boolean> {
    const result = await this.m.query(
      `UPDATE arena_seasons SET state = 'closed', closed_at = $2 WHERE id = $1 AND state = 'active' RETURNING id`,
      [id, at],
    );
    return result[1] > 0;
  }

  /** The active season a design or spot is entered in, if any (it must stay public while the season runs). */
  async sourceInActiveSeason(kind: ArenaEntry['kind'], sourceId: string): Promise<ArenaSeason | null> {
    const rows: Array<{ id: string }> = await this.m.query(
      `SELECT s.id FROM arena_entries e JOIN arena_seasons s ON s.id = e.season_id
        WHERE e.kind = $1 AND e.source_id = $2 AND s.state = 'active' LIMIT 1`,
      [kind, sourceId],
    );
    return rows[0] ? this.findSeason(rows[0].id) : null;
  }

  async updateSeason(id: string, values: Partial<ArenaSeason>): Promise<void> {
    await this.m.getRepository(ArenaSeason).update(id, values);
  }

  // ---- entries ----------------------------------------------------------------------------------------------------

  findEntry(id: string): Promise<ArenaEntry | null> {
    return this.m.getRepository(ArenaEntry).findOneBy({ id });
  }

  findEntries(ids: string[]): Promise<ArenaEntry[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.m.getRepository(ArenaEntry).createQueryBuilder('e').where('e.id IN (:...ids)', { ids }).getMany();
  }

  /** Inserts the entry and its creator's rating row; null when that work is already entered in the category. */
  async createEntry(values: Partial<ArenaEntry>): Promise<ArenaEntry | null> {
    const rows: Array<{ id: string }> = await this.m.query(
      `INSERT INTO arena_entries (season_id, category, kind, source_id, creator_id, team_id, title, image, link,
                                  start_rating, start_rd, rating, rd, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $11, $12)
       ON CONFLICT (season_id, kind, source_id, category) DO NOTHING RETURNING id`,
      [
        values.seasonId,
        values.category,
        values.kind,
        values.sourceId,
        values.creatorId,
        values.teamId ?? null,
        values.title ?? '',
        values.image ?? null,
        values.link ?? null,
        values.startRating ?? 1500,
        values.startRd ?? 350,
        values.createdAt,
      ],
    );
    if (rows.length === 0) return null;
    await this.m.query(
      `INSERT INTO arena_creator_ratings (season_id, creator_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [values.seasonId, values.creatorId],
    );
    return this.findEntry(rows[0].id);
  }

  entriesOf(creatorId: string, seasonId: string): Promise<ArenaEntry[]> {
    return this.m
      .getRepository(ArenaEntry)
      .find({ where: { creatorId, seasonId }, order: { createdAt: 'DESC', id: 'ASC' }, take: 100 });
  }

  board(seasonId: string, category: ArenaCategory | null, offset: number, limit: number) {
    const q = this.m.getRepository(ArenaEntry).createQueryBuilder('e').where('e.seasonId = :seasonId', { seasonId });
    if (category) q.andWhere('e.category = :category', { category });
    return q.orderBy('e.rating', 'DESC').addOrderBy('e.id', 'ASC').skip(offset).take(limit).getManyAndCount();
  }

  creatorBoard(seasonId: string, limit: number): Promise<ArenaCreatorRating[]> {
    return this.m.getRepository(ArenaCreatorRating).find({
      where: { seasonId },
      order: { rating: 'DESC', creatorId: 'ASC' },
      take: limit,
    });
  }

  /** Up to `limit` random entries of the category not made by `voterId` (candidates for a new open battle). */
  candidates(seasonId: string, category: ArenaCategory, voterId: string, limit: number): Promise<ArenaEntry[]> {
    return this.m
      .getRepository(ArenaEntry)
      .createQueryBuilder('e')
      .where('e.seasonId = :seasonId AND e.category = :category AND e.creatorId <> :voterId', {
        seasonId,
        category,
        voterId,
      })
      .orderBy('random()')
      .take(limit)
      .getMany();
  }

  // ---- battles ----------------------------------------------------------------------------------------------------

  findBattle(id: string): Promise<ArenaBattle | null> {
    return this.m.getRepository(ArenaBattle).findOneBy({ id });
  }

  /** A battle with its two entries (side A, side B) in one read. */
  async battleWithSides(id: string): Promise<[ArenaBattle, ArenaEntry, ArenaEntry] | null> {
    const [battle, entry] = [ArenaBattle, ArenaEntry].map((e) => this.m.getRepository(e).metadata);
    const [row]: Array<Record<string, unknown>> = await this.m.query(
      `SELECT ${selectList(battle, 'b')}, ${selectList(entry, 'ea', 'a_')}, ${selectList(entry, 'eb', 'b_')}
         FROM arena_battles b JOIN arena_entries ea ON ea.id = b.entry_a JOIN arena_entries eb ON eb.id = b.entry_b
        WHERE b.id = $1`,
      [id],
    );
    return row ? [hydrate(battle, row), hydrate(entry, row, 'a_'), hydrate(entry, row, 'b_')] : null;
  }

  findBattles(ids: string[]): Promise<ArenaBattle[]> {
    return ids.length ? this.m.getRepository(ArenaBattle).findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  createBattle(values: Partial<ArenaBattle>): Promise<ArenaBattle> {
    const repo = this.m.getRepository(ArenaBattle);
    return repo.save(repo.create({ votesA: 0, votesB: 0, votesTie: 0, votesBothBad: 0, ...values }));
  }

  /** Open battles of the category this voter may still vote on (not their entries, pair not yet voted). */
  openBattlesFor(seasonId: string, category: ArenaCategory | null, voterId: string, limit: number) {
    return this.m.query(
      `SELECT b.id FROM arena_battles b
         JOIN arena_entries ea ON ea.id = b.entry_a
         JOIN arena_entries eb ON eb.id = b.entry_b
        WHERE b.season_id = $1 AND ($2::varchar IS NULL OR b.category = $2) AND b.state = 'in_battle'
          AND b.mode <> 'war' AND ea.creator_id <> $3 AND eb.creator_id <> $3
          AND NOT EXISTS (SELECT 1 FROM arena_votes v WHERE v.voter_id = $3
                AND v.pair_low = LEAST(b.entry_a, b.entry_b) AND v.pair_high = GREATEST(b.entry_a, b.entry_b))
        ORDER BY b.opened_at DESC LIMIT $4`,
      [seasonId, category, voterId, limit],
    ) as Promise<Array<{ id: string }>>;
  }

  hasVotedPair(voterId: string, x: string, y: string): Promise<boolean> {
    const [low, high] = x < y ? [x, y] : [y, x];
    return this.m.getRepository(ArenaVote).existsBy({ voterId, pairLow: low, pairHigh: high });
  }

  liveBattles(seasonId: string, limit: number): Promise<ArenaBattle[]> {
    return this.m.getRepository(ArenaBattle).find({
      where: { seasonId, state: 'in_battle' },
      order: { openedAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }

  /** Closes a battle still in progress whose time is up; false when it was already closed or not yet due. */
  async closeBattle(id: string, now: Date): Promise<boolean> {
    const result = await this.m.query(
      `UPDATE arena_battles SET state = 'completed', closed_at = $2
        WHERE id = $1 AND state = 'in_battle' AND closes_at <= $2 RETURNING id`,
      [id, now],
    );
    return result[1] > 0;
  }

  /** Ends every battle of a closed season still taking votes (its leaderboard is frozen); the ids ended. */
  async closeSeasonBattles(seasonId: string, now: Date): Promise<string[]> {
    const result = await this.m.query(
      `UPDATE arena_battles SET state = 'completed', closed_at = $2
        WHERE season_id = $1 AND state = 'in_battle' RETURNING id`,
      [seasonId, now],
    );
    return returningRows<{ id: string }>(result).map((r) => r.id);
  }

  /** When these two entries last met (for the rematch rule). */
  async lastMeeting(x: string, y: string): Promise<Date | null> {
    const rows: Array<{ at: Date }> = await this.m.query(
      `SELECT max(opened_at) AS at FROM arena_battles
        WHERE (entry_a = $1 AND entry_b = $2) OR (entry_a = $2 AND entry_b = $1)`,
      [x, y],
    );
    return rows[0]?.at ?? null;
  }

  // ---- votes (inside a transaction) -------------------------------------------------------------------------------

  /** Locks two entries in id order, so concurrent votes sharing an entry apply in their log order. */
  lockEntries(ids: string[]): Promise<ArenaEntry[]> {
    return this.m
      .getRepository(ArenaEntry)
      .createQueryBuilder('e')
      .where('e.id IN (:...ids)', { ids })
      .orderBy('e.id')
      .setLock('pessimistic_write')
      .getMany();
  }

  lockCreators(seasonId: string, creatorIds: string[]): Promise<ArenaCreatorRating[]> {
    return this.m
      .getRepository(ArenaCreatorRating)
      .createQueryBuilder('c')
      .where('c.seasonId = :seasonId AND c.creatorId IN (:...creatorIds)', { seasonId, creatorIds })
      .orderBy('c.creatorId')
      .setLock('pessimistic_write')
      .getMany();
  }

  /**
   * Casts a vote (inside the transaction that locked both entries and both creators): logs it, counts it in the
   * running battle and writes the new ratings in one statement. `voted` is false when the voter already judged the
   * pair; `battle` is null when the battle is over (the caller then rolls back).
   */
  async castVote(
    values: Omit<ArenaVote, 'id' | 'pairLow' | 'pairHigh' | 'excluded'>,
    entries: Array<RatingState & { id: string }>,
    creators: Array<RatingState & { creatorId: string }>,
  ): Promise<{ voted: boolean; battle: ArenaBattle | null }> {
    const [low, high] = values.entryA < values.entryB ? [values.entryA, values.entryB] : [values.entryB, values.entryA];
    const meta = this.m.getRepository(ArenaBattle).metadata;
    const [row]: Array<Record<string, unknown> & { voteId: string | null }> = await this.m.query(
      castVoteSql(values.outcome, selectList(meta, 'b')),
      [
        values.battleId,
        values.seasonId,
        values.voterId,
        values.entryA,
        values.entryB,
        low,
        high,
        values.outcome,
        values.ip,
        values.device,
        values.castAt,
        ...ratingColumns(entries, (r) => r.id),
        ...ratingColumns(creators, (r) => r.creatorId),
      ],
    );
    return { voted: row.voteId !== null, battle: row.id ? hydrate<ArenaBattle>(meta, row) : null };
  }

  /** Writes entries' ratings in one statement (the replay of a season). */
  async saveEntryRatings(rows: Array<RatingState & { id: string }>): Promise<void> {
    await this.m.query(
      updateEntryRatingsSql(),
      ratingColumns(rows, (r) => r.id),
    );
  }

  /** Writes creators' season ratings in one statement (the replay of a season). */
  async saveCreatorRatings(seasonId: string, rows: Array<RatingState & { creatorId: string }>): Promise<void> {
    await this.m.query(updateCreatorRatingsSql(), [...ratingColumns(rows, (r) => r.creatorId), seasonId]);
  }

  voteOf(voterId: string, battleId: string): Promise<ArenaVote | null> {
    return this.m.getRepository(ArenaVote).findOneBy({ voterId, battleId });
  }

  /** The season's counted votes in log order, with each side's creator (for the creator ratings' replay). */
  voteLog(seasonId: string): Promise<LogRow[]> {
    return this.m
      .query(
        `SELECT v.id, v.entry_a AS a, v.entry_b AS b, v.outcome, v.cast_at, ea.creator_id AS creator_a,
                eb.creator_id AS creator_b
           FROM arena_votes v JOIN arena_entries ea ON ea.id = v.entry_a JOIN arena_entries eb ON eb.id = v.entry_b
          WHERE v.season_id = $1 AND NOT v.excluded ORDER BY v.id`,
        [seasonId],
      )
      .then((rows: Array<Omit<LogRow, 'at'> & { cast_at: Date }>) =>
        rows.map(({ cast_at, ...row }) => ({ ...row, at: new Date(cast_at).getTime() })),
      );
  }

  seasonEntries(seasonId: string): Promise<ArenaEntry[]> {
    return this.m.getRepository(ArenaEntry).find({ where: { seasonId }, order: { id: 'ASC' } });
  }

  async resetCreatorRatings(seasonId: string): Promise<void> {
    await this.m.query(
      `UPDATE arena_creator_ratings SET rating = 1500, rd = 350, battles = 0, last_battle_at = NULL
        WHERE season_id = $1`,
      [seasonId],
    );
  }

  /** Battle counts again from the counted votes (after votes are excluded). */
  async recountBattles(seasonId: string): Promise<void> {
    await this.m.query(
      `UPDATE arena_battles b SET
          votes_a = COALESCE(c.a, 0), votes_b = COALESCE(c.b, 0), votes_tie = COALESCE(c.tie, 0),
          votes_both_bad = COALESCE(c.bad, 0)
        FROM arena_battles b2 LEFT JOIN (
          SELECT battle_id, count(*) FILTER (WHERE outcome = 'a') AS a, count(*) FILTER (WHERE outcome = 'b') AS b,
                 count(*) FILTER (WHERE outcome = 'tie') AS tie, count(*) FILTER (WHERE outcome = 'both_bad') AS bad
            FROM arena_votes WHERE season_id = $1 AND NOT excluded GROUP BY battle_id) c ON c.battle_id = b2.id
       WHERE b.id = b2.id AND b.season_id = $1`,
      [seasonId],
    );
  }

  /** Serialises matchmaking of one category across nodes inside a transaction (PostgreSQL mode). */
  async lockCategory(category: string): Promise<void> {
    await this.m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`arena-queue:${category}`]);
  }

  async saveFit(
    entryId: string,
    fit: Pick<ArenaEntry, 'btRating' | 'btLower' | 'btUpper' | 'rankBest' | 'rankWorst'>,
  ): Promise<void> {
    await this.m.getRepository(ArenaEntry).update(entryId, fit);
  }
}
