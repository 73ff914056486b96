import { Clock } from '../../src/common/clock';
import { ArenaIntegrityService } from '../../src/modules/arena/arena-integrity.service';
import { SEASON_CLOSE_TIMER } from '../../src/modules/arena/arena.constants';
import { leftIsA } from '../../src/modules/arena/arena.mapper';
import { freshRating, replayVotes } from '../../src/modules/arena/core';
import { FlagDecisionDto, FlagsQueryDto } from '../../src/modules/arena/dto/arena-integrity.dto';
import { DesignsService } from '../../src/modules/designs';
import { TimersService } from '../../src/modules/jobs';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp } from '../support/app';
import { enterDesign, makeDesign, services } from './helpers';

const HOUR = 3_600_000;
const decision = (d: 'exclude' | 'dismiss') => Object.assign(new FlagDecisionDto(), { decision: d });
const openFlags = () => Object.assign(new FlagsQueryDto(), { state: 'open' });

/** Vote-cluster flags, the review decisions (audited, ratings replayed), a season closing itself, unsharing. */
describe('arena integrity and seasons', () => {
  let t: TestApp;
  let clock: Clock;
  let integrity: ArenaIntegrityService;
  let admin: User;

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

  it('keeps an entered design shared while its season runs', async () => {
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
  });

  it('closes a season at its end date, once, and opens the next', async () => {
    const s = services(t);
    const timers = t.app.get(TimersService);
    const season = await s.entries.currentSeason();
    await timers.fire(SEASON_CLOSE_TIMER, { seasonId: season.id });
    expect((await s.entries.currentSeason()).id).toBe(season.id);
    clock.set(new Date(season.endsAt.getTime() + 1000));
    await timers.fire(SEASON_CLOSE_TIMER, { seasonId: season.id });
    await timers.fire(SEASON_CLOSE_TIMER, { seasonId: season.id });
    const next = await s.entries.currentSeason();
    expect(next).toMatchObject({ name: 'Season 2', state: 'active' });
    expect(await s.entries.season(season.id)).toMatchObject({ state: 'closed' });
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM arena_seasons`);
    expect(n).toBe(2);
    // Entries carried over, so the design entered last season is still held until the new season ends.
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM arena_entries WHERE season_id = $1`, [
      next.id,
    ]);
    expect(count).toBeGreaterThan(0);
  });
});
