import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { MetricName } from '../../contracts/admin';
import { AdminAuditEntry } from './entities/admin-audit.entity';
import { COHORT_SQL, DAILY_METRICS, GAUGES, METRIC_NAMES, SINGLE_METRICS } from './metrics.definitions';
import { Clock } from '../../common/clock';

export interface AuditFilter {
  action?: string;
  actorId?: string;
  subjectType?: string;
  subjectId?: string;
  from?: Date;
  to?: Date;
}

export type NewAuditEntry = Omit<AdminAuditEntry, 'id' | 'at'> & { at?: Date };

export interface MetricRow {
  day: string;
  metric: MetricName;
  /** '' for figures that are not money kept per currency. */
  currency: string;
  value: number;
}

/** One day's value of a money metric in one currency. */
export interface CurrencyFigure {
  metric: MetricName;
  currency: string;
  value: number;
}

/** One user's activity on a rolled day, with their sign-up week (null when the user is gone). */
export interface ActivityRow {
  day: string;
  userId: string;
  signupWeek: string | null;
}

/**
 * The admin console's SQL: the append-only audit trail and the metrics rollups. The rollups get their figures, and
 * who was active on each day, from the owning areas' services; this repository reads and writes only the admin
 * tables (admin_audit, admin_metrics_*, admin_user_activity*).
 */
@Injectable()
export class AdminRepository {
  constructor(
    @InjectRepository(AdminAuditEntry) private readonly audit: Repository<AdminAuditEntry>,
    private readonly clock: Clock,
  ) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.audit.manager.transaction(work);
  }

  /** Inserts one audit row (inside the caller's transaction when given, so the row commits with the change). */
  async append(entry: NewAuditEntry, manager: EntityManager = this.audit.manager): Promise<AdminAuditEntry> {
    const repo = manager.getRepository(AdminAuditEntry);
    return repo.save(repo.create({ ...entry, at: entry.at ?? this.clock.now() }));
  }

  /** Newest first; each filter is served by one of the audit indexes. */
  page(filter: AuditFilter, offset: number, limit: number): Promise<[AdminAuditEntry[], number]> {
    const qb = this.audit.createQueryBuilder('a').orderBy('a.at', 'DESC').addOrderBy('a.id', 'DESC');
    if (filter.action) qb.andWhere('a.action = :action', { action: filter.action });
    if (filter.actorId) qb.andWhere('a.actor_id = :actorId', { actorId: filter.actorId });
    if (filter.subjectType) qb.andWhere('a.subject_type = :subjectType', { subjectType: filter.subjectType });
    if (filter.subjectId) qb.andWhere('a.subject_id = :subjectId', { subjectId: filter.subjectId });
    if (filter.from) qb.andWhere('a.at >= :from', { from: filter.from });
    if (filter.to) qb.andWhere('a.at < :to', { to: filter.to });
    return qb.skip(offset).take(limit).getManyAndCount();
  }

  /** The latest rows about one subject (a user's page). */
  latestFor(subjectType: string, subjectId: string, limit: number): Promise<AdminAuditEntry[]> {
    return this.audit.find({ where: { subjectType, subjectId }, order: { at: 'DESC', id: 'DESC' }, take: limit });
  }

  // ---- metrics rollups ----

  /**
   * Every metric of one UTC day, upserted (running twice writes the same values): the figures the owning services
   * gave (gauges only when given), the active-user counts over the gathered activity, and the money figures per currency (the day's rows of
   * those replaced, so a currency with nothing that day has no row).
   */
  async rollupDay(
    day: string,
    figures: Partial<Record<MetricName, number>>,
    providers: Array<{ provider: string; calls: number; costMicro: number }>,
    perCurrency: CurrencyFigure[],
  ): Promise<void> {
    const params: unknown[] = [day];
    // A gauge is written only when read (today); a past day keeps the last value it saw.
    const values = SINGLE_METRICS.filter((name) => !GAUGES[name] || figures[name] !== undefined).map((name) => {
      const sql = DAILY_METRICS[name].sql;
      if (sql) return `('${name}', '', (${sql})::bigint)`;
      params.push(figures[name] ?? 0);
      return `('${name}', '', $${params.length}::bigint)`;
    });
    for (const f of perCurrency) {
      params.push(f.metric, f.currency, f.value);
      values.push(`($${params.length - 2}, $${params.length - 1}, $${params.length}::bigint)`);
    }
    const moneyMetrics = METRIC_NAMES.filter((m) => !SINGLE_METRICS.includes(m));
    await this.audit.manager.transaction(async (m) => {
      await m.query(`DELETE FROM admin_metrics_daily WHERE day = $1::date AND metric = ANY($2)`, [day, moneyMetrics]);
      await m.query(
        `INSERT INTO admin_metrics_daily (day, metric, currency, value, computed_at)
         SELECT $1::date, v.metric, v.currency, v.value, now()
         FROM (VALUES ${values.join(', ')}) AS v(metric, currency, value)
         ON CONFLICT (metric, day, currency) DO UPDATE SET value = EXCLUDED.value, computed_at = EXCLUDED.computed_at`,
        params,
      );
      for (const p of providers) {
        await m.query(
          `INSERT INTO admin_metrics_provider_cost (day, provider, calls, cost_micro) VALUES ($1::date, $2, $3, $4)
           ON CONFLICT (day, provider) DO UPDATE SET calls = EXCLUDED.calls, cost_micro = EXCLUDED.cost_micro`,
          [day, p.provider, p.calls, p.costMicro],
        );
      }
    });
  }

  /** The days in [from, to] whose activity has been gathered already. */
  async gatheredActivityDays(from: string, to: string): Promise<Set<string>> {
    const rows = await this.audit.query<Array<{ day: string }>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM admin_user_activity_days WHERE day >= $1::date AND day <= $2::date`,
      [from, to],
    );
    return new Set(rows.map((r) => r.day));
  }

  /**
   * Records who was active on which day (adding to what was there: late rows; a user active in several areas once)
   * and that these days were gathered.
   */
  async recordActivity(days: string[], rows: ActivityRow[]): Promise<void> {
    await this.audit.manager.transaction(async (m) => {
      if (rows.length)
        await m.query(
          `INSERT INTO admin_user_activity (day, user_id, signup_week)
           SELECT DISTINCT r.day, r.user_id, r.signup_week
           FROM unnest($1::date[], $2::uuid[], $3::date[]) AS r(day, user_id, signup_week)
           ON CONFLICT (day, user_id) DO NOTHING`,
          [rows.map((r) => r.day), rows.map((r) => r.userId), rows.map((r) => r.signupWeek)],
        );
      await m.query(
        `INSERT INTO admin_user_activity_days (day) SELECT unnest($1::date[])
         ON CONFLICT (day) DO UPDATE SET gathered_at = now()`,
        [days],
      );
    });
  }

  /** Retention cohorts since `since` (a Monday) up to `today`, sized by the given sign-ups per week. */
  async rollupCohorts(since: string, today: string, sizes: Array<{ week: string; n: number }>): Promise<void> {
    await this.audit.query(COHORT_SQL, [since, today, sizes.map((s) => s.week), sizes.map((s) => s.n)]);
  }

  async latestRolledDay(): Promise<{ day: string | null; at: Date | null }> {
    const [row] = await this.audit.query<Array<{ day: string | null; at: Date | null }>>(
      `SELECT to_char(max(day), 'YYYY-MM-DD') AS day, max(computed_at) AS at FROM admin_metrics_daily`,
    );
    return row ?? { day: null, at: null };
  }

  /** The rolled-up values from `from` to `to` (inclusive days), served by the (metric, day) key. */
  async daily(from: string, to: string): Promise<MetricRow[]> {
    const rows = await this.audit.query<Array<{ day: string; metric: MetricName; currency: string; value: string }>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, currency, value FROM admin_metrics_daily
       WHERE metric = ANY($3) AND day >= $1::date AND day <= $2::date`,
      [from, to, METRIC_NAMES],
    );
    return rows.map((r) => ({ day: r.day, metric: r.metric, currency: r.currency, value: Number(r.value) }));
  }

  async providerCost(
    from: string,
  ): Promise<Array<{ day: string; provider: string; calls: number; cost_micro: number }>> {
    const rows = await this.audit.query<Array<{ day: string; provider: string; calls: number; cost_micro: string }>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, provider, calls, cost_micro FROM admin_metrics_provider_cost
       WHERE day >= $1::date ORDER BY day, provider`,
      [from],
    );
    return rows.map((r) => ({ ...r, cost_micro: Number(r.cost_micro) }));
  }

  async cohorts(from: string): Promise<Array<{ week: string; offset: number; size: number; active: number }>> {
    return this.audit.query(
      `SELECT to_char(cohort_week, 'YYYY-MM-DD') AS week, week_offset AS "offset", cohort_size AS size, active
       FROM admin_metrics_cohorts WHERE cohort_week >= $1::date ORDER BY cohort_week, week_offset`,
      [from],
    );
  }
}
