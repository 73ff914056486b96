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
    for (const daysAgo of [0, 1, 2, 8, 9]) {
      expect(await rolled('signups', daysAgo)).toBe(
        await direct(`SELECT count(*) FROM users WHERE created_at >= $1 AND created_at < $2`, daysAgo),
      );
      expect(await rolled('usage_records', daysAgo)).toBe(
        await direct(`SELECT count(*) FROM usage_records WHERE created_at >= $1 AND created_at < $2`, daysAgo),
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
    expect(before).toBe(90 * 14);
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
    for (const period of ['day', 'week', 'month']) {
      const res = await admin.client.get(`/api/admin/metrics?period=${period}`);
      expect(res.body.period).toBe(period);
      const series = res.body.series.find((s: { metric: string }) => s.metric === 'usage_records');
      expect(series.values.reduce((a: number, b: number) => a + b, 0)).toBe(4);
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

  it('queues a rollup on request and records it', async () => {
    const res = await admin.client.post('/api/admin/metrics/rollup');
    expect(res.status).toBe(202);
    const [row] = await t.db.query(`SELECT action FROM admin_audit WHERE action = 'metrics.rollup_requested'`);
    expect(row).toBeDefined();
  });
});
