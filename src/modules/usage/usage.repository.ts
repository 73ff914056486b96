import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UsageRecord } from './usage-record.entity';

export interface TotalsRow {
  provider: string;
  model: string;
  kind: string;
  unit: string;
  calls: string | number;
  units: string;
  cost: string;
}

/** The only place with SQL for usage_records. */
@Injectable()
export class UsageRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(record: Partial<UsageRecord>): Promise<void> {
    const repo = this.db.getRepository(UsageRecord);
    await repo.insert(repo.create(record));
  }

  page(userId: string, offset: number, limit: number): Promise<[UsageRecord[], number]> {
    return this.db.getRepository(UsageRecord).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  totals(userId: string): Promise<TotalsRow[]> {
    return this.db.query(
      `SELECT provider, model, kind, unit, count(*)::int AS calls, coalesce(sum(units), 0) AS units, coalesce(sum(cost_usd), 0) AS cost
         FROM usage_records WHERE user_id = $1 GROUP BY provider, model, kind, unit ORDER BY cost DESC, calls DESC`,
      [userId],
    );
  }

  /** AI calls and their cost (integer micro-dollars) per provider in [start, end) (the admin metrics rollup). */
  async costByProvider(start: Date, end: Date): Promise<Array<{ provider: string; calls: number; costMicro: number }>> {
    const rows = await this.db.query<Array<{ provider: string; calls: string; cost: string }>>(
      `SELECT provider, count(*) AS calls, coalesce(round(sum(cost_usd) * 1000000), 0) AS cost
       FROM usage_records WHERE created_at >= $1 AND created_at < $2 GROUP BY provider ORDER BY provider`,
      [start, end],
    );
    return rows.map((r) => ({ provider: r.provider, calls: Number(r.calls), costMicro: Number(r.cost) }));
  }

  /** Each UTC day in [start, end) with the distinct users who had an AI call on it (the admin console's activity). */
  async activeUserDays(start: Date, end: Date): Promise<Array<{ day: string; userId: string }>> {
    const rows = await this.db.query<Array<{ day: string; user_id: string }>>(
      `SELECT DISTINCT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, user_id
       FROM usage_records WHERE created_at >= $1 AND created_at < $2 AND user_id IS NOT NULL`,
      [start, end],
    );
    return rows.map((r) => ({ day: r.day, userId: r.user_id }));
  }
}
