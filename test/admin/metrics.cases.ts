import { Clock, DAY_MS } from '../../src/common/clock';
import { MetricsService, ROLLUP_TIMER } from '../../src/modules/admin/metrics.service';
import { TimersService } from '../../src/modules/jobs';
import { bootTestApp, TestApp } from '../support/app';
import { expectPage } from '../support/authorization';
import { confirmedAdmin } from './helpers';

const NOW = new Date('2026-03-18T15:00:00Z'); // a Wednesday
const at = (daysAgo: number, hour = 10) => new Date(Date.UTC(2026, 2, 18 - daysAgo, hour));

/** The rollup job against direct counts of the raw rows, and the pages that read only the rollups. */
describe('admin metrics', () => {
  let t: TestApp;
  let clock: Clock;
  let admin: Awaited<ReturnType<typeof confirmedAdmin>>;

  const usage = (userId: string, when: Date, provider: string, cost: number) =>
    t.db.query(
      `INSERT INTO usage_records (user_id, kind, provider, model, operation, unit, cost_usd, created_at)
       VALUES ($1, 'image', $2, 'm', 'generate', 'image', $3, $4)`,
      [userId, provider, cost, when],
    );
  const design = (userId: string, when: Date, status: string) =>
    t.db.query(
      `INSERT INTO designs (user_id, original_image, status, provider, created_at) VALUES ($1, 'x.jpg', $2, 'fake', $3)`,
      [userId, status, when],
    );
  const order = (userId: string, when: Date, currency: string, total: number) =>
    t.db.query(
      `INSERT INTO orders (number, user_id, content_hash, email, currency, subtotal_minor, total_minor, status,
         payment_status, provider, expires_at, paid_at)
       VALUES ('M-' || substr(md5(random()::text), 1, 10), $1, 'h', 'buyer@example.test', $2, $3, $3, 'paid', 'paid',
         'local', $4, $4)`,
      [userId, currency, total, when],
    );
  const video = (userId: string, readyAt: Date | null) =>
    t.db.query(
      `INSERT INTO videos (slug, playback_id, user_id, status, ready_at)
       VALUES (substr(md5(random()::text), 1, 12), md5(random()::text), $1, $2, $3)`,
      [userId, readyAt ? 'ready' : 'processing', readyAt],
    );
  const direct = async (sql: string, daysAgo: number) => {
    const start = new Date(Date.UTC(2026, 2, 18 - daysAgo));
    const [row] = await t.db.query(sql, [start, new Date(start.getTime() + DAY_MS)]);
    return Number(Object.values(row)[0]);
  };

  beforeAll(async () => {
    t = await bootTestApp();
    clock = t.app.get(Clock);
    admin = await confirmedAdmin(t);
    clock.set(NOW);
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await t.createUser({ createdAt: at(i % 3 === 0 ? 9 : i) }));
    await usage(users[0].id, at(0), 'openai', 0.04);
    await usage(users[0].id, at(0, 11), 'replicate', 0.011);
    await usage(users[1].id, at(1), 'openai', 0.02);
    await usage(users[2].id, at(8), 'openai', 0.5);
    await design(users[3].id, at(0), 'completed');
    await design(users[3].id, at(0), 'failed');
    await design(users[4].id, at(2), 'completed');
    await order(users[0].id, at(0), 'USD', 1_999);
    await order(users[1].id, at(0, 12), 'USD', 501);
    await order(users[2].id, at(0), 'EUR', 4_200);
    await order(users[2].id, at(1), 'EUR', 100);
    await video(users[3].id, at(0));
    await video(users[3].id, at(0, 13));
    await video(users[4].id, at(2));
    await video(users[4].id, null); // still transcoding: not a completion
  });
  afterAll(async () => {
    clock?.reset();
    await t?.close();
  });

  it('rolls up per day what a direct count of the raw rows says, and running twice changes nothing', async () => {
    await t.app.get(TimersService).fire(ROLLUP_TIMER, {});
    const rolled = async (metric: string, daysAgo: number) => {
      const [row] = await t.db.query(`SELECT value FROM admin_metrics_daily WHERE metric = $1 AND day = $2::date`, [
        metric,
        at(daysAgo).toISOString().slice(0, 10),
      ]);
      return Number(row?.value ?? -1);
    };
    const revenue = async (currency: string, daysAgo: number) => {
      const [row] = await t.db.query(
        `SELECT value FROM admin_metrics_daily WHERE metric = 'revenue_minor' AND currency = $1 AND day = $2::date`,
        [currency, at(daysAgo).toISOString().slice(0, 10)],
      );
      return Number(row?.value ?? -1);
    };
    for (const daysAgo of [0, 1, 2, 8, 9]) {
      expect(await rolled('signups', daysAgo)).toBe(
        await direct(`SELECT count(*) FROM users WHERE created_at >= $1 AND created_at < $2`, daysAgo),
      );
      expect(await rolled('usage_records', daysAgo)).toBe(
        await direct(`SELECT count(*) FROM usage_records WHERE created_at >= $1 AND created_at < $2`, daysAgo),
      );
      expect(await rolled('spots_transcoded', daysAgo)).toBe(
        await direct(`SELECT count(*) FROM videos WHERE ready_at >= $1 AND ready_at < $2`, daysAgo),
      );
      expect(await rolled('orders_paid', daysAgo)).toBe(
        await direct(`SELECT count(*) FROM orders WHERE paid_at >= $1 AND paid_at < $2`, daysAgo),
      );
      for (const currency of ['USD', 'EUR'])
        expect(await revenue(currency, daysAgo)).toBe(
          await direct(
            `SELECT coalesce(sum(total_minor), -1) FROM orders WHERE paid_at >= $1 AND paid_at < $2
             AND currency = '${currency}'`,
            daysAgo,
          ),
        );
      expect(await rolled('designs_generated', daysAgo)).toBe(
        await direct(
          `SELECT count(*) FROM designs WHERE created_at >= $1 AND created_at < $2 AND status = 'completed'`,
          daysAgo,
        ),
      );
    }
    expect(await rolled('active_users', 0)).toBe(2);
    expect(await rolled('active_users_7d', 0)).toBe(4);
    expect(await rolled('active_users_30d', 0)).toBe(5);
    expect(await rolled('ai_cost_micro', 0)).toBe(51_000);
    expect(await rolled('designs_failed', 0)).toBe(1);
    const count = async () => (await t.db.query(`SELECT count(*)::int AS n FROM admin_metrics_daily`))[0].n;
    const before = await count();
    // 14 counted metrics a day for 90 days, revenue only for the days and currencies it was made in, and the three
    // gauges (queues, connections) for today only.
    expect(before).toBe(90 * 14 + 3 + 3);
    // Revenue is one row per currency (never one sum across currencies).
    expect(
      await t.db.query(
        `SELECT currency, value::int FROM admin_metrics_daily WHERE metric = 'revenue_minor' AND day = '2026-03-18'
         ORDER BY currency`,
      ),
    ).toEqual([
      { currency: 'EUR', value: 4_200 },
      { currency: 'USD', value: 2_500 },
    ]);
    expect(await rolled('spots_transcoded', 0)).toBe(2);
    await t.app.get(MetricsService).rollup();
    expect(await count()).toBe(before);
    const cost = await t.db.query(
      `SELECT provider, calls, cost_micro::int AS cost FROM admin_metrics_provider_cost WHERE day = '2026-03-18' ORDER BY provider`,
    );
    expect(cost).toEqual([
      { provider: 'openai', calls: 1, cost: 40_000 },
      { provider: 'replicate', calls: 1, cost: 11_000 },
    ]);
  });

  it('serves the dashboard, the series by day/week/month and cohort retention from the rollups', async () => {
    const dash = await admin.client.get('/api/admin/metrics/dashboard');
    expect(dash.status).toBe(200);
    const signups = dash.body.stats.find((s: { metric: string }) => s.metric === 'signups');
    expect(signups.trend).toHaveLength(30);
    expect(signups.value).toBe(signups.trend[29]);
    expect(dash.body.queues.length).toBeGreaterThan(0);
    const money = dash.body.stats.filter((s: { metric: string }) => s.metric === 'revenue_minor');
    expect(
      money.map((s: { label: string; currency: string; value: number }) => [s.label, s.currency, s.value]),
    ).toEqual([
      ['Revenue (EUR)', 'EUR', 4_200],
      ['Revenue (USD)', 'USD', 2_500],
    ]);
    expect(money[0].trend.slice(-2)).toEqual([100, 4_200]);
    expect(dash.body.stats.find((s: { metric: string }) => s.metric === 'spots_transcoded')).toMatchObject({
      label: 'Spots transcoded',
      currency: null,
      value: 2,
    });
    for (const period of ['day', 'week', 'month']) {
      const res = await admin.client.get(`/api/admin/metrics?period=${period}`);
      expect(res.body.period).toBe(period);
      const series = res.body.series.find((s: { metric: string }) => s.metric === 'usage_records');
      expect(series.values.reduce((a: number, b: number) => a + b, 0)).toBe(4);
      const revenueSeries = res.body.series
        .filter((x: { metric: string }) => x.metric === 'revenue_minor')
        .map((x: { currency: string; values: number[] }) => [x.currency, x.values.reduce((a, b) => a + b, 0)]);
      expect(revenueSeries).toEqual([
        ['EUR', 4_300],
        ['USD', 2_500],
      ]);
    }
    const week = await admin.client.get('/api/admin/metrics?period=week');
    const cohort = week.body.cohorts.find((c: { week: string }) => c.week === '2026-03-16');
    // Signed up that week: two users; one of them was active in it.
    expect(cohort).toMatchObject({ size: 2, retention: [50] });
    expect((await admin.client.get('/api/admin/metrics?period=year')).body.period).toBe('day');
    expectPage(await admin.client.visit('/admin/metrics?period=month'), 'Metrics/Index');
    expectPage(await admin.client.visit('/admin'), 'Admin/Dashboard');
  });

  it('gathers activity from the owning services: late rows count, a day never gathered is filled in', async () => {
    const metrics = t.app.get(MetricsService);
    const activeToday = async () =>
      Number(
        (
          await t.db.query(
            `SELECT value FROM admin_metrics_daily WHERE metric = 'active_users_30d' AND day = '2026-03-18'`,
          )
        )[0].value,
      );
    const before = await activeToday();
    const late = await t.createUser({ createdAt: at(20) });
    await design(late.id, at(0, 14), 'completed');
    await metrics.rollup();
    expect(await activeToday()).toBe(before + 1);
    // A day whose activity was lost (or predates the activity table) is gathered again on the next run.
    await t.db.query(`DELETE FROM admin_user_activity WHERE day = '2026-03-10'`);
    await t.db.query(`DELETE FROM admin_user_activity_days WHERE day = '2026-03-10'`);
    await metrics.rollup();
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM admin_user_activity WHERE day = '2026-03-10' AND user_id = $1`,
      [(await t.db.query(`SELECT user_id FROM usage_records WHERE created_at = $1`, [at(8)]))[0].user_id],
    );
    expect(n).toBe(1);
  });

  it('keeps gauges (jobs waiting and failed, connections) per day: today read live, past days keep their last value', async () => {
    const metrics = t.app.get(MetricsService);
    const gauge = (metric: string, day: string) =>
      t.db
        .query(`SELECT value::int FROM admin_metrics_daily WHERE metric = $1 AND day = $2::date`, [metric, day])
        .then((rows: Array<{ value: number }>) => rows[0]?.value);
    const states = async () => {
      const dash = (await admin.client.get('/api/admin/metrics/dashboard')).body;
      return {
        dash,
        waiting: dash.queues.reduce(
          (n: number, q: { waiting: number; delayed: number }) => n + q.waiting + q.delayed,
          0,
        ),
        failed: dash.queues.reduce((n: number, q: { failed: number }) => n + q.failed, 0),
      };
    };
    await t.db.query(`UPDATE admin_metrics_daily SET value = 41 WHERE metric = 'queue_failed' AND day = '2026-03-18'`);
    clock.set(new Date(NOW.getTime() + DAY_MS));
    try {
      await metrics.rollup();
      const { dash, waiting, failed } = await states();
      // Yesterday keeps what it saw; today is the live reading, on the dashboard as value and last sparkline point.
      expect(await gauge('queue_failed', '2026-03-18')).toBe(41);
      expect(await gauge('queue_failed', '2026-03-19')).toBe(failed);
      const stat = (metric: string) => dash.stats.find((s: { metric: string }) => s.metric === metric);
      expect(stat('queue_waiting')).toMatchObject({ value: waiting, href: '/admin/queue-monitor?state=waiting' });
      expect(stat('queue_failed').trend.slice(-2)).toEqual([41, failed]);
      expect(stat('realtime_connections').value).toBe(dash.connections.total);
    } finally {
      clock.set(NOW);
    }
  });

  it('queues a rollup on request and records it', async () => {
    const res = await admin.client.post('/api/admin/metrics/rollup');
    expect(res.status).toBe(202);
    const [row] = await t.db.query(`SELECT action FROM admin_audit WHERE action = 'metrics.rollup_requested'`);
    expect(row).toBeDefined();
  });
});
