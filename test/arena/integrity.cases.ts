import { Clock } from '../../src/common/clock';
import { ArenaIntegrityService } from '../../src/modules/arena/arena-integrity.service';
import { SEASON_CLOSE_TIMER, VOTES_PER_MINUTE } from '../../src/modules/arena/arena.constants';
import { leftIsA } from '../../src/modules/arena/arena.mapper';
import { freshRating, replayVotes } from '../../src/modules/arena/core';
import { FlagDecisionDto, FlagsQueryDto } from '../../src/modules/arena/dto/arena-integrity.dto';
import { DesignsService } from '../../src/modules/designs';
import { JobsService, TimersService } from '../../src/modules/jobs';
import { SpotsService, VideosService } from '../../src/modules/video';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp } from '../support/app';
import { enterDesign, makeDesign, makeSpot, META, services } from './helpers';

const HOUR = 3_600_000;
const decision = (d: 'exclude' | 'dismiss') => Object.assign(new FlagDecisionDto(), { decision: d });
const openFlags = () => Object.assign(new FlagsQueryDto(), { state: 'open' });

/** Vote-cluster flags, the review decisions (audited, ratings replayed), a season closing itself, unsharing. */
describe('arena integrity and seasons', () => {
  let t: TestApp;
  let clock: Clock;
  let integrity: ArenaIntegrityService;
  let admin: User;
  const s = () => services(t);

  beforeAll(async () => {
    t = await bootTestApp();
    clock = t.app.get(Clock);
    integrity = t.app.get(ArenaIntegrityService);
    admin = await t.createUser({ role: 'admin' });
    clock.set('2026-04-06T09:05:00Z');
  });
  afterAll(async () => {
    clock.reset();
    await t.close();
  });

  it('flags a cluster, excludes its votes with ratings replayed from the log, audits every decision', async () => {
    const s = services(t);
    const [boosted, honest] = await Promise.all([t.createUser(), t.createUser()]);
    const x = await enterDesign(t, boosted, 'exteriors');
    const y = await enterDesign(t, honest, 'exteriors');
    const battle = await s.battles.open(await s.entries.find(x.id), await s.entries.find(y.id), 'open');
    // Five new accounts behind one address and device vote for the boosted creator; two honest voters do not.
    const ring = await Promise.all([1, 2, 3, 4, 5].map(() => t.createUser()));
    for (const voter of ring) {
      const choice = leftIsA(battle, voter.id) ? 'left' : 'right';
      await s.battles.vote(voter, battle.id, { choice }, { ip: '203.0.113.7', device: 'ring-device' });
    }
    const fair = await Promise.all([1, 2].map(() => t.createUser({ createdAt: new Date('2025-01-01') })));
    for (const [i, voter] of fair.entries()) {
      const choice = leftIsA(battle, voter.id) ? 'right' : 'left';
      await s.battles.vote(voter, battle.id, { choice }, { ip: `198.51.100.${i}`, device: `d${i}` });
    }
    const boostedBefore = (await s.entries.find(x.id)).rating;

    const from = new Date('2026-04-06T09:00:00Z');
    const to = new Date(from.getTime() + HOUR);
    expect(await integrity.scan(x.season_id, from, to)).toBe(3);
    expect(await integrity.scan(x.season_id, from, to)).toBe(3); // a re-scan files nothing new
    const flags = await integrity.page(openFlags());
    expect(flags.total).toBe(3);
    expect(flags.data.map((f) => [f.kind, f.voters, f.votes, f.creator?.id]).sort()).toEqual([
      ['device', 5, 5, boosted.id],
      ['ip', 5, 5, boosted.id],
      ['new_accounts', 5, 5, boosted.id],
    ]);

    const ctx = { actor: admin, ip: '127.0.0.1' };
    const ipFlag = flags.data.find((f) => f.kind === 'ip')!;
    const excluded = await integrity.decide(ctx, ipFlag.id, decision('exclude'));
    expect(excluded.state).toBe('excluded');
    await expect(integrity.decide(ctx, ipFlag.id, decision('dismiss'))).rejects.toMatchObject({ status: 409 });

    // The ratings now equal a replay of the log without the ring's votes (and the battle's counts follow).
    const log = await t.db.query(
      `SELECT entry_a AS a, entry_b AS b, outcome, cast_at FROM arena_votes WHERE season_id = $1 AND NOT excluded
        ORDER BY id`,
      [x.season_id],
    );
    expect(log).toHaveLength(2);
    const start = new Map([x.id, y.id].map((id) => [id, freshRating()]));
    const replayed = replayVotes(
      log.map((v: { a: string; b: string; outcome: 'a'; cast_at: Date }) => ({ ...v, at: v.cast_at.getTime() })),
      start,
    );
    const after = await s.entries.find(x.id);
    expect(after.rating).toBeCloseTo(replayed.get(x.id)!.rating, 9);
    expect(after.rating).toBeLessThan(boostedBefore);
    expect((await s.battles.show(battle.id, admin)).counts.total).toBe(2);
    // Replaying again changes nothing (deterministic).
    await s.ratings.recompute(x.season_id);
    expect((await s.entries.find(x.id)).rating).toBe(after.rating);

    const deviceFlag = flags.data.find((f) => f.kind === 'device')!;
    expect((await integrity.decide(ctx, deviceFlag.id, decision('dismiss'))).state).toBe('dismissed');
    const audit = await t.db.query(
      `SELECT action, actor_id, subject_id FROM admin_audit WHERE subject_type = 'arena_flag'`,
    );
    expect(audit.map((a: { action: string }) => a.action).sort()).toEqual([
      'arena.flag_dismissed',
      'arena.votes_excluded',
    ]);
    expect(audit.every((a: { actor_id: string }) => a.actor_id === admin.id)).toBe(true);
    expect((await integrity.page(openFlags())).total).toBe(1);
  });

  it('keeps every entered variant public while its season runs: designs stay shared, spots published', async () => {
    const creator = await t.createUser();
    const designs = t.app.get(DesignsService);
    const loose = await makeDesign(t, creator);
    await designs.share(creator, loose);
    await expect(designs.unshare(creator, loose)).resolves.toMatchObject({ shareToken: null });
    const entered = await enterDesign(t, creator, 'bedrooms');
    const [{ source_id }] = await t.db.query(`SELECT source_id FROM arena_entries WHERE id = $1`, [entered.id]);
    await expect(designs.unshare(creator, source_id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^This design is entered in the arena's Season 1, so it stays shared/),
    });
    await expect(designs.remove(creator, source_id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/so it cannot be deleted until the season ends/),
    });

    // Spots: an entered one keeps its video and stays published; one not entered may still be unpublished.
    const spots = t.app.get(SpotsService);
    const [slug, other] = [await makeSpot(t, creator), await makeSpot(t, creator)];
    const [video] = await t.db.query(
      `INSERT INTO videos (slug, playback_id, user_id, status) VALUES ('v-held', 'p-held', $1, 'ready') RETURNING id`,
      [creator.id],
    );
    await t.db.query(`UPDATE spots SET video_id = $1 WHERE slug = $2`, [video.id, slug]);
    await s().entries.enter(creator, { kind: 'spot', source: slug, category: 'luxury_spots' });
    const held = await spots.findBySlug(slug);
    await expect(spots.update(creator, held, { published: false })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^This spot is entered in the arena's Season 1, so it stays published until/),
    });
    await expect(spots.update(creator, held, { video_id: null })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/so it keeps its video until/),
    });
    await expect(t.app.get(VideosService).delete(await t.app.get(VideosService).find(video.id))).rejects.toMatchObject({
      status: 409,
    });
    expect(
      await t.db.query(`SELECT 1 FROM spots WHERE slug = $1 AND published AND video_id = $2`, [slug, video.id]),
    ).toHaveLength(1);
    await expect(spots.update(creator, await spots.findBySlug(other), { published: false })).resolves.toMatchObject({
      published: false,
    });
  });

  it('limits how fast one voter votes: past the limit a clear 429 and nothing counted', async () => {
    const creators = await Promise.all(Array.from({ length: 7 }, () => t.createUser()));
    const entries = [];
    for (const c of creators) entries.push(await s().entries.find((await enterDesign(t, c, 'bathrooms')).id));
    const battles = [];
    for (let i = 0; i < entries.length; i++)
      for (let j = i + 1; j < entries.length; j++) battles.push(await s().battles.open(entries[i], entries[j], 'open'));
    expect(battles.length).toBeGreaterThan(VOTES_PER_MINUTE);
    const voter = await t.createUser();
    for (const b of battles.slice(0, VOTES_PER_MINUTE))
      await s().battles.vote(voter, b.id, { choice: 'tie' }, { ip: '192.0.2.9', device: 'fast' });
    await expect(
      s().battles.vote(voter, battles[VOTES_PER_MINUTE].id, { choice: 'tie' }, { ip: '192.0.2.9', device: 'fast' }),
    ).rejects.toMatchObject({ status: 429 });
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM arena_votes WHERE voter_id = $1`, [voter.id]);
    expect(n).toBe(VOTES_PER_MINUTE);
  });

  it('closes a season at its end date, once: leaderboard frozen and fitted, the next season opened', async () => {
    const timers = t.app.get(TimersService);
    const season = await s().entries.currentSeason();
    const [x, y] = await Promise.all([t.createUser(), t.createUser()]);
    const [ex, ey] = [await enterDesign(t, x, 'exteriors'), await enterDesign(t, y, 'exteriors')];
    const running = await s().battles.open(await s().entries.find(ex.id), await s().entries.find(ey.id), 'open');
    await timers.fire(SEASON_CLOSE_TIMER, { seasonId: season.id });
    expect((await s().entries.currentSeason()).id).toBe(season.id);
    clock.set(new Date(season.endsAt.getTime() + 1000));
    await timers.fire(SEASON_CLOSE_TIMER, { seasonId: season.id });
    await timers.fire(SEASON_CLOSE_TIMER, { seasonId: season.id });
    const next = await s().entries.currentSeason();
    expect(next).toMatchObject({ name: 'Season 2', state: 'active' });
    const closed = await s().entries.season(season.id);
    expect(closed).toMatchObject({ state: 'closed' });
    expect(closed.fittedAt).not.toBeNull();
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM arena_seasons`);
    expect(n).toBe(2);

    // Frozen: the battle that was still taking votes ended with the season, so no vote moves its ratings.
    const board = await t.db.query(`SELECT id, rating FROM arena_entries WHERE season_id = $1 ORDER BY id`, [
      season.id,
    ]);
    const voter = await t.createUser();
    await expect(s().battles.vote(voter, running.id, { choice: 'left' }, META)).rejects.toMatchObject({
      status: 409,
      message: 'This battle is over.',
    });
    expect((await s().battles.find(running.id)).state).toBe('completed');
    // Nor does a battle of the closed season opened afterwards (say, by a ticket queued before the close).
    const late = await s().battles.open(await s().entries.find(ex.id), await s().entries.find(ey.id), 'live');
    await expect(s().battles.vote(voter, late.id, { choice: 'right' }, META)).rejects.toMatchObject({
      status: 409,
      message: 'This battle is over.',
    });
    expect(
      await t.db.query(`SELECT id, rating FROM arena_entries WHERE season_id = $1 ORDER BY id`, [season.id]),
    ).toEqual(board);
    // The next season's own close is queued (a delayed job; the queue spells ':' in ids as '|') at its end date.
    const queue = t.app.get(JobsService).bullQueue('timers');
    const job = await queue.getJob(`${SEASON_CLOSE_TIMER}|${next.id}|${next.endsAt.getTime()}`);
    expect(job?.data).toEqual({ seasonId: next.id });

    // Entries carried over, so the design entered last season is still held until the new season ends.
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM arena_entries WHERE season_id = $1`, [
      next.id,
    ]);
    expect(count).toBeGreaterThan(0);
  });
});
