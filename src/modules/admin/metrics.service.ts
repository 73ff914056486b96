import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { addDays, bucketOf, dayStart, daysBetween, firstDayToRoll, isoDay, weekOf } from '../../common/days';
import type {
  AdminDashboardJson,
  AdminMetricsJson,
  MetricName,
  MetricsPeriod,
  QueueState,
} from '../../contracts/admin';
import { OrdersService } from '../commerce';
import { CreditsService } from '../credits';
import { DesignsService } from '../designs';
import { JobsService, TimersService } from '../jobs';
import { ListingsService } from '../listings';
import { UsageService } from '../usage';
import { UsersService } from '../users';
import { SpotsService, VideosService } from '../video';
import { Broadcaster, RealtimeGateway } from '../realtime';
import { AdminRepository, type CurrencyFigure, type MetricRow } from './admin.repository';
import { ConnectionCountsService } from './connection-counts.service';
import {
  ACTIVITY_WINDOW_DAYS,
  BACKFILL_DAYS,
  COHORT_WEEKS,
  DAILY_METRICS,
  DASHBOARD_DAYS,
  METRIC_NAMES,
  METRICS_CHANNEL,
  METRICS_EVENT,
  PER_CURRENCY,
  ROLLING,
  ROLLUP_EVERY_MINUTES,
} from './metrics.definitions';

export const ROLLUP_TIMER = 'admin.metrics.rollup';

/** The gauges from live readings: jobs waiting (and delayed) and failed over every queue, sockets over every node. */
const gaugesOf = (queues: QueueState[], nodes: Array<{ count: number }>): Partial<Record<MetricName, number>> => ({
  queue_waiting: queues.reduce((n, q) => n + q.waiting + q.delayed, 0),
  queue_failed: queues.reduce((n, q) => n + q.failed, 0),
  realtime_connections: nodes.reduce((n, c) => n + c.count, 0),
});

type SeriesKey = { metric: MetricName; currency: string | null; label: string };

/** A rolled-up series' key: the metric and its currency ('' or null for figures that are not money). */
const key = (metric: MetricName, currency: string | null) => `${metric}|${currency ?? ''}`;

/**
 * Platform metrics: a timer chain rolls raw activity up into per-day rows (idempotent upserts), and the dashboard and
 * Metrics page read only those rows, so their cost does not grow with users or usage records.
 */
@Injectable()
export class MetricsService {
  constructor(
    private readonly repo: AdminRepository,
    private readonly clock: Clock,
    private readonly timers: TimersService,
    private readonly jobs: JobsService,
    private readonly broadcaster: Broadcaster,
    private readonly gateway: RealtimeGateway,
    private readonly connections: ConnectionCountsService,
    private readonly users: UsersService,
    private readonly listings: ListingsService,
    private readonly spots: SpotsService,
    private readonly videos: VideosService,
    private readonly designs: DesignsService,
    private readonly credits: CreditsService,
    private readonly orders: OrdersService,
    private readonly usage: UsageService,
  ) {}

  /** Arms the next run on the next boundary (every node asks for the same job id, so one runs). */
  async scheduleNext(): Promise<void> {
    await this.timers.atNextBoundary(ROLLUP_TIMER, ROLLUP_EVERY_MINUTES);
  }

  /**
   * Rolls up from the day before the latest rolled day (late rows land there) through today; the first run back-fills
   * BACKFILL_DAYS. First who was active on those days (and on any earlier day the windows and cohorts need that was
   * never gathered), then each day's figures, then the cohorts, then a nudge to open dashboards.
   */
  async rollup(): Promise<{ days: number }> {
    const today = isoDay(this.clock.now());
    const { day: latest } = await this.repo.latestRolledDay();
    const first = firstDayToRoll(latest, today, BACKFILL_DAYS);
    const cohortsFrom = weekOf(addDays(today, -7 * (COHORT_WEEKS - 1)));
    await this.gatherActivity(first, today, cohortsFrom);
    let days = 0;
    for (let day = first; day <= today; day = addDays(day, 1), days++) {
      const [figures, providers, money] = await this.figures(dayStart(day), dayStart(addDays(day, 1)));
      await this.repo.rollupDay(
        day,
        day === today ? { ...figures, ...(await this.gauges()) } : figures,
        providers,
        money,
      );
    }
    await this.repo.rollupCohorts(cohortsFrom, today, await this.users.signupsByWeek(dayStart(cohortsFrom)));
    await this.broadcaster.broadcast(METRICS_CHANNEL, METRICS_EVENT, { at: this.clock.now().toISOString() });
    return { days };
  }

  /**
   * Who was active on each day from `first` to today (gathered again: late rows), and from the earliest day the
   * active-user windows or the cohorts reach that was never gathered, from the services that own the activity (one
   * query each for the whole range).
   */
  private async gatherActivity(first: string, today: string, cohortsFrom: string): Promise<void> {
    const windowFrom = addDays(first, -(ACTIVITY_WINDOW_DAYS - 1));
    let from = windowFrom < cohortsFrom ? windowFrom : cohortsFrom;
    const gathered = await this.repo.gatheredActivityDays(from, addDays(first, -1));
    while (from < first && gathered.has(from)) from = addDays(from, 1);
    const [start, end] = [dayStart(from), dayStart(addDays(today, 1))];
    const active = (
      await Promise.all([
        this.usage.activeUserDays(start, end),
        this.designs.activeUserDays(start, end),
        this.credits.activeUserDays(start, end),
      ])
    ).flat();
    const signups = await this.users.signupTimes([...new Set(active.map((a) => a.userId))]);
    const signupWeek = (userId: string) => {
      const at = signups.get(userId);
      return at ? weekOf(isoDay(at)) : null;
    };
    await this.repo.recordActivity(
      this.days(from, today),
      active.map((a) => ({ day: a.day, userId: a.userId, signupWeek: signupWeek(a.userId) })),
    );
  }

  /**
   * One day's figures from the services that own them (each a time-indexed count or sum in its own area); revenue
   * per currency.
   */
  private async figures(start: Date, end: Date) {
    const [signups, listings, spots, transcoded, designs, credits, orders, providers] = await Promise.all([
      this.users.signupsBetween(start, end),
      this.listings.publishedBetween(start, end),
      this.spots.publishedBetween(start, end),
      this.videos.transcodedBetween(start, end),
      this.designs.outcomesBetween(start, end),
      this.credits.movementsBetween(start, end),
      this.orders.paidBetween(start, end),
      this.usage.costByProvider(start, end),
    ]);
    const figures: Partial<Record<MetricName, number>> = {
      signups,
      listings_published: listings,
      spots_published: spots,
      spots_transcoded: transcoded,
      designs_generated: designs.completed,
      designs_failed: designs.failed,
      credits_spent: credits.spent,
      credits_bought: credits.bought,
      orders_paid: orders.orders,
      ai_cost_micro: providers.reduce((sum, p) => sum + p.costMicro, 0),
      usage_records: providers.reduce((sum, p) => sum + p.calls, 0),
    };
    const money: CurrencyFigure[] = orders.revenue.map((r) => ({
      metric: 'revenue_minor',
      currency: r.currency,
      value: r.amountMinor,
    }));
    return [figures, providers, money] as const;
  }

  /** What the gauges read now. */
  private async gauges(): Promise<Partial<Record<MetricName, number>>> {
    const [queues, nodes] = await Promise.all([this.jobs.states(), this.connections.perNode()]);
    return gaugesOf(queues, nodes);
  }

  async dashboard(): Promise<AdminDashboardJson> {
    const today = isoDay(this.clock.now());
    const from = addDays(today, -(DASHBOARD_DAYS - 1));
    const [rows, queues, rolled, nodes] = await Promise.all([
      this.repo.daily(from, today),
      this.jobs.states(),
      this.repo.latestRolledDay(),
      this.connections.perNode(),
    ]);
    const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(from, i));
    const byMetric = this.index(rows);
    // Gauges show what they read now (today's point too); the days before, what the rollup saw.
    const live = gaugesOf(queues, nodes);
    return {
      stats: this.keys(rows).map(({ metric, currency, label }) => {
        const trend = days.map((d) => byMetric.get(key(metric, currency))?.get(d) ?? 0);
        if (live[metric] !== undefined) trend[trend.length - 1] = live[metric];
        return { metric, currency, label, value: trend[trend.length - 1], trend, href: DAILY_METRICS[metric].href };
      }),
      queues,
      connections: {
        node: this.connections.node,
        count: this.gateway.server?.connectionCount() ?? 0,
        total: nodes.reduce((sum, n) => sum + n.count, 0),
        nodes,
      },
      rolled_up_at: rolled.at ? new Date(rolled.at).toISOString() : null,
    };
  }

  /** The series by day (30 days), week (12 weeks) or month (12 months); sums, except rolling counts. */
  async series(period: MetricsPeriod): Promise<AdminMetricsJson> {
    const today = isoDay(this.clock.now());
    const from =
      period === 'day'
        ? addDays(today, -(DASHBOARD_DAYS - 1))
        : period === 'week'
          ? addDays(weekOf(today), -7 * 11)
          : `${isoDay(new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 12, 1)))}`;
    const [rows, cost, cohortRows] = await Promise.all([
      this.repo.daily(from, today),
      this.repo.providerCost(addDays(today, -(DASHBOARD_DAYS - 1))),
      this.repo.cohorts(addDays(weekOf(today), -7 * (COHORT_WEEKS - 1))),
    ]);
    const buckets = [...new Set(this.days(from, today).map((d) => bucketOf(d, period)))];
    const byMetric = this.index(rows);
    const series = this.keys(rows).map(({ metric, currency, label }) => {
      const values = buckets.map(() => 0);
      const lastDay = buckets.map(() => '');
      for (const [day, value] of byMetric.get(key(metric, currency)) ?? []) {
        const i = buckets.indexOf(bucketOf(day, period));
        if (i < 0) continue;
        if (!ROLLING[metric]) values[i] += value;
        else if (day > lastDay[i]) [values[i], lastDay[i]] = [value, day];
      }
      return { metric, currency, label, values };
    });
    const cohorts = new Map<string, { week: string; size: number; retention: number[] }>();
    for (const c of cohortRows) {
      const entry = cohorts.get(c.week) ?? { week: c.week, size: c.size, retention: [] };
      entry.retention[c.offset] = c.size ? Math.round((c.active / c.size) * 1000) / 10 : 0;
      cohorts.set(c.week, entry);
    }
    return { period, buckets, series, provider_cost: cost, cohorts: [...cohorts.values()] };
  }

  private days(from: string, to: string): string[] {
    return daysBetween(from, to);
  }

  /** Each metric once, and a money metric once per currency it has in `rows` (once, without one, when none). */
  private keys(rows: MetricRow[]): SeriesKey[] {
    return METRIC_NAMES.flatMap((metric): SeriesKey[] => {
      const { label } = DAILY_METRICS[metric];
      if (!PER_CURRENCY[metric]) return [{ metric, currency: null, label }];
      const currencies = [...new Set(rows.filter((r) => r.metric === metric).map((r) => r.currency))].sort();
      if (!currencies.length) return [{ metric, currency: null, label }];
      return currencies.map((currency) => ({ metric, currency, label: `${label} (${currency})` }));
    });
  }

  /** The rows by metric and currency, then by day. */
  private index(rows: MetricRow[]): Map<string, Map<string, number>> {
    const out = new Map<string, Map<string, number>>();
    for (const r of rows) {
      const k = key(r.metric, r.currency);
      if (!out.has(k)) out.set(k, new Map());
      out.get(k)!.set(r.day, r.value);
    }
    return out;
  }
}
