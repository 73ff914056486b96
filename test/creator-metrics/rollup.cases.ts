import { ForbiddenException } from '@nestjs/common';
import { Clock } from '../../src/common/clock';
import { ValidationFailedException } from '../../src/common/validation';
import { CREATOR_ROLLUP_TIMER, CreatorMetricsService, CreatorRollupService } from '../../src/modules/creator-metrics';
import { DesignsService } from '../../src/modules/designs';
import { TimersService } from '../../src/modules/jobs';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp } from '../support/app';
import { rawRows } from './helpers';

const NOW = new Date('2026-03-18T15:00:00Z'); // a Wednesday
const DAYS = ['2026-03-14', '2026-03-15', '2026-03-16', '2026-03-17', '2026-03-18'];
const at = (day: string, time = '10:00:00') => new Date(`${day}T${time}Z`);

/** The rollup against direct counts of the raw rows, its idempotence, and the service's reads and rules. */
describe('creator metrics rollup', () => {
  let t: TestApp;
  let a: User;
  let b: User;
  let fans: User[];
  let rollups: CreatorRollupService;
  let metrics: CreatorMetricsService;

  /** The rolled rows of every creator, without when they were computed. */
  const snapshot = () =>
    t.db.query(
      `SELECT creator_id, to_char(day, 'YYYY-MM-DD') AS day, spot_views, spot_watch_ms, spot_completions,
         walkthrough_views, walkthrough_watch_ms, walkthrough_completions, new_followers, design_shares, listing_inquiries
       FROM creator_metrics_daily ORDER BY creator_id, day`,
    );
  const contentSnapshot = () => t.db.query(`SELECT * FROM creator_content_daily ORDER BY content_id, day`);

  beforeAll(async () => {
    t = await bootTestApp();
    t.app.get(Clock).set(NOW);
    rollups = t.app.get(CreatorRollupService);
    metrics = t.app.get(CreatorMetricsService);
    const raw = rawRows(t);
    a = await t.createUser({ type: 'realtor' });
    b = await t.createUser({ type: 'realtor' });
    fans = [];
    for (let i = 0; i < 6; i++) fans.push(await t.createUser());
    const ca = await raw.content(a.id);
    const cb = await raw.content(b.id);
    // Plays over several days: a's spot and walkthrough, b's spot.
    for (const [i, day] of DAYS.entries()) {
      for (let k = 0; k <= i; k++) await raw.play('spot', ca.spot.id, a.id, day, 1_000 * (k + 1), k % 2 === 0);
      await raw.play('walkthrough', ca.walkthrough.id, a.id, day, 60_000, i === 2);
      if (i % 2) await raw.play('spot', cb.spot.id, b.id, day, 5_000, true);
    }
    // Follows, including the edges of a day.
    await raw.follow(fans[0].id, a.id, at(DAYS[1], '00:00:00'));
    await raw.follow(fans[1].id, a.id, at(DAYS[1], '23:59:59'));
    await raw.follow(fans[2].id, a.id, at(DAYS[3]));
    await raw.follow(fans[3].id, b.id, at(DAYS[3]));
    await raw.follow(fans[4].id, fans[5].id, at(DAYS[4]));
    await raw.share(a.id, at(DAYS[0]));
    await raw.share(a.id, at(DAYS[0], '18:00:00'));
    await raw.share(b.id, at(DAYS[4]));
    const book = await raw.property(a.id);
    await raw.inquiry(book, at(DAYS[2]));
    await raw.inquiry(book, at(DAYS[4]));
    await raw.inquiry(book, at(DAYS[4]), 'website'); // not a listing inquiry
  });
  afterAll(async () => {
    t?.app.get(Clock).reset();
    await t?.close();
  });

  it('rolls each day up to what direct counts of the raw rows say, and a re-run writes the same rows', async () => {
    for (const day of DAYS) await rollups.rollupDay(day);
    const direct = await t.db.query(
      `WITH plays AS (
         SELECT creator_id, day,
           count(*) FILTER (WHERE kind = 'spot') AS sv, coalesce(sum(watch_ms) FILTER (WHERE kind = 'spot'), 0) AS sw,
           count(*) FILTER (WHERE kind = 'spot' AND completed) AS sc,
           count(*) FILTER (WHERE kind = 'walkthrough') AS wv,
           coalesce(sum(watch_ms) FILTER (WHERE kind = 'walkthrough'), 0) AS ww,
           count(*) FILTER (WHERE kind = 'walkthrough' AND completed) AS wc
         FROM creator_video_views GROUP BY 1, 2),
       f AS (SELECT followee_id AS creator_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM follows GROUP BY 1, 2),
       s AS (SELECT user_id AS creator_id, (shared_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM designs
             WHERE shared_at IS NOT NULL GROUP BY 1, 2),
       i AS (SELECT p.user_id AS creator_id, (l.created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n
             FROM crm_leads l JOIN properties p ON p.id = l.property_id WHERE l.source = 'listing_inquiry' GROUP BY 1, 2),
       keys AS (SELECT creator_id, day FROM plays UNION SELECT creator_id, day FROM f UNION SELECT creator_id, day FROM s
                UNION SELECT creator_id, day FROM i)
       SELECT k.creator_id, to_char(k.day, 'YYYY-MM-DD') AS day,
         coalesce(sv, 0)::int AS spot_views, coalesce(sw, 0)::text AS spot_watch_ms, coalesce(sc, 0)::int AS spot_completions,
         coalesce(wv, 0)::int AS walkthrough_views, coalesce(ww, 0)::text AS walkthrough_watch_ms,
         coalesce(wc, 0)::int AS walkthrough_completions, coalesce(f.n, 0)::int AS new_followers,
         coalesce(s.n, 0)::int AS design_shares, coalesce(i.n, 0)::int AS listing_inquiries
       FROM keys k LEFT JOIN plays USING (creator_id, day) LEFT JOIN f USING (creator_id, day)
       LEFT JOIN s USING (creator_id, day) LEFT JOIN i USING (creator_id, day)
       WHERE k.day = ANY($1::date[]) ORDER BY k.creator_id, day`,
      [DAYS],
    );
    const rolled = await snapshot();
    expect(rolled).toEqual(direct);
    // Spot-check figures a person would read: a's third day, and the follow at 23:59:59 counted on its own day.
    const aDay2 = rolled.find((r: { creator_id: string; day: string }) => r.creator_id === a.id && r.day === DAYS[2]);
    expect(aDay2).toMatchObject({
      spot_views: 3,
      spot_completions: 2,
      walkthrough_views: 1,
      walkthrough_completions: 1,
      listing_inquiries: 1,
    });
    expect(
      rolled.find((r: { creator_id: string; day: string }) => r.creator_id === a.id && r.day === DAYS[1]),
    ).toMatchObject({ new_followers: 2 });

    const [before, contentBefore] = [rolled, await contentSnapshot()];
    for (const day of DAYS) await rollups.rollupDay(day);
    expect(await snapshot()).toEqual(before);
    expect(await contentSnapshot()).toEqual(contentBefore);
  });

  it('replaces a day when its raw rows change (an unfollow leaves its day on the re-run)', async () => {
    await rollups.rollupDay(DAYS[3]);
    await t.db.query(`DELETE FROM follows WHERE follower_id = $1`, [fans[3].id]);
    await rollups.rollupDay(DAYS[3]);
    const [row] = await t.db.query(`SELECT * FROM creator_metrics_daily WHERE creator_id = $1 AND day = $2::date`, [
      b.id,
      DAYS[3],
    ]);
    expect(row).toMatchObject({ new_followers: 0, spot_views: 1 });
  });

  it('runs from the timer: back-fills up to today, then resumes from the day before the latest', async () => {
    await t.db.query(`DELETE FROM creator_metrics_runs`);
    await t.app.get(TimersService).fire(CREATOR_ROLLUP_TIMER, {});
    const [run] = await t.db.query(
      `SELECT to_char(max(day), 'YYYY-MM-DD') AS day, count(*)::int AS n FROM creator_metrics_runs`,
    );
    expect(run).toEqual({ day: DAYS[4], n: 90 });
    // The next run starts from the day before the latest: two days, not ninety.
    expect(await rollups.rollup()).toEqual({ days: 2 });
  });

  it('serves a creator their own series from the rollups, by day and by week, with the top content', async () => {
    await rollups.rollup();
    const own = await metrics.own(a, { from: DAYS[0], to: DAYS[4] });
    expect(own.buckets).toEqual(DAYS);
    const series = Object.fromEntries(own.series.map((s) => [s.metric, s]));
    expect(series.spot_views.values).toEqual([1, 2, 3, 4, 5]);
    expect(series.walkthrough_views.total).toBe(5);
    expect(series.new_followers.values).toEqual([0, 2, 0, 1, 0]);
    expect(series.design_shares.values).toEqual([2, 0, 0, 0, 0]);
    expect(series.listing_inquiries.values).toEqual([0, 0, 1, 0, 1]);
    // 9 of 15 spot plays and 1 of 5 walkthrough plays reached the end: 10 of 20.
    expect(series.completion_rate.total).toBe(50);
    expect(series.watch_ms.total).toBe((1 + 3 + 6 + 10 + 15) * 1_000 + 5 * 60_000);
    expect(own.followers_now).toBe(3);
    expect(own.top_content.map((c) => [c.kind, c.title, c.views])).toEqual([
      ['spot', 'Sunny spot', 15],
      ['walkthrough', 'Harbour tour', 5],
    ]);
    const weekly = await metrics.own(a, { from: DAYS[0], to: DAYS[4], period: 'week' });
    // 2026-03-14/15 fall in the week of Monday 03-09; the rest in the week of 03-16.
    expect(weekly.buckets).toEqual(['2026-03-09', '2026-03-16']);
    expect(weekly.series.find((s) => s.metric === 'spot_views')!.values).toEqual([3, 12]);
    const preset = await metrics.own(a, { range: '7d' });
    expect([preset.from, preset.to, preset.buckets.length]).toEqual(['2026-03-12', DAYS[4], 7]);
  });

  it("refuses another creator's numbers (403) but lets an admin read them", async () => {
    await expect(metrics.of(b, a.id, {})).rejects.toBeInstanceOf(ForbiddenException);
    const admin = await t.createUser({ role: 'admin' });
    expect((await metrics.of(admin, a.id, {})).creator.id).toBe(a.id);
    expect((await metrics.of(b, b.id, {})).series.find((s) => s.metric === 'spot_views')!.total).toBe(2);
  });

  it.each([
    [{ from: '2026-03-10' }, 'to'],
    [{ from: '2026-03-10', to: '2026-03-01' }, 'from'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
    [{ from: '2026-03-10', to: '2026-03-19' }, 'to'],
    [{ from: '2025-03-01', to: '2026-03-18' }, 'from'],
  ])('answers 422 naming the field for the range %j', async (q, field) => {
    const got = await metrics.own(a, q).catch((e: unknown) => e);
    expect(got).toBeInstanceOf(ValidationFailedException);
    expect(Object.keys((got as ValidationFailedException).errors)).toEqual([field]);
  });

  it('counts a design shared through the designs service on the day the clock says', async () => {
    const c = await t.createUser();
    const [{ id }] = await t.db.query(
      `INSERT INTO designs (user_id, original_image, status, provider, image) VALUES ($1, 'x.jpg', 'completed', 'fake', 'y.webp')
       RETURNING id`,
      [c.id],
    );
    await t.app.get(DesignsService).share(c, id);
    await rollups.rollupDay(DAYS[4]);
    const [row] = await t.db.query(
      `SELECT design_shares FROM creator_metrics_daily WHERE creator_id = $1 AND day = $2::date`,
      [c.id, DAYS[4]],
    );
    expect(row).toEqual({ design_shares: 1 });
  });
});
