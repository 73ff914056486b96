import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ArenaCategory } from '../../contracts/arena';
import { ArenaTicket } from './entities/arena.entity';

/** The arena's queue tickets (SQL for arena_tickets, and the recent-pairs read matchmaking needs). */
@Injectable()
export class ArenaTicketsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  findTicket(id: string): Promise<ArenaTicket | null> {
    return this.m.getRepository(ArenaTicket).findOneBy({ id });
  }

  /** Queues an entry; null when it already has a live ticket (queued, matched or in a battle). */
  async createTicket(
    values: Omit<ArenaTicket, 'id' | 'matchedAt' | 'endedAt' | 'battleId'>,
  ): Promise<ArenaTicket | null> {
    const rows: Array<{ id: string }> = await this.m.query(
      `INSERT INTO arena_tickets (entry_id, creator_id, team_id, season_id, category, rating, state, queued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
      [
        values.entryId,
        values.creatorId,
        values.teamId,
        values.seasonId,
        values.category,
        values.rating,
        values.state,
        values.queuedAt,
      ],
    );
    return rows.length ? this.findTicket(rows[0].id) : null;
  }

  /** Moves a ticket from one of `from` to `to`; false when it had already moved on. */
  async moveTicket(id: string, from: string[], to: Partial<ArenaTicket>): Promise<boolean> {
    const result = await this.m
      .getRepository(ArenaTicket)
      .createQueryBuilder()
      .update()
      .set(to)
      .where('id = :id AND state IN (:...from)', { id, from })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  ticketsOf(creatorId: string, limit: number): Promise<ArenaTicket[]> {
    return this.m
      .getRepository(ArenaTicket)
      .find({ where: { creatorId }, order: { queuedAt: 'DESC', id: 'ASC' }, take: limit });
  }

  ticketsOfBattle(battleId: string): Promise<ArenaTicket[]> {
    return this.m.getRepository(ArenaTicket).findBy({ battleId });
  }

  /** The category's queued tickets by rating (the PostgreSQL stand-in for the Redis sorted set). */
  queued(category: string): Promise<ArenaTicket[]> {
    return this.m
      .getRepository(ArenaTicket)
      .find({ where: { category: category as ArenaCategory, state: 'queued' }, order: { rating: 'ASC', id: 'ASC' } });
  }

  /** 1-based place of a queued ticket among the category's queued tickets, oldest first. */
  async queuePosition(t: ArenaTicket): Promise<number> {
    const [{ n }] = await this.m.query(
      `SELECT count(*)::int AS n FROM arena_tickets WHERE category = $1 AND state = 'queued'
          AND (queued_at, id) < ($2, $3)`,
      [t.category, t.queuedAt, t.id],
    );
    return n + 1;
  }

  /** Pairs of these entries that met since `since` ("a|b" with the smaller id first). */
  async recentPairs(entryIds: string[], since: Date): Promise<Set<string>> {
    if (entryIds.length === 0) return new Set();
    const rows: Array<{ a: string; b: string }> = await this.m.query(
      `SELECT LEAST(entry_a, entry_b) AS a, GREATEST(entry_a, entry_b) AS b FROM arena_battles
        WHERE opened_at > $2 AND (entry_a = ANY($1) OR entry_b = ANY($1))`,
      [entryIds, since],
    );
    return new Set(rows.map((r) => `${r.a}|${r.b}`));
  }
}
