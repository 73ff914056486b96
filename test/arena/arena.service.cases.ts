import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import Pusher from 'pusher-js';
import { Clock } from '../../src/common/clock';
import type { BattleVotesEvent } from '../../src/contracts/arena';
import { TIMERS } from '../../src/modules/arena/arena.constants';
import { BoardQueryDto } from '../../src/modules/arena/dto/arena.dto';
import { TimersService } from '../../src/modules/jobs';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp } from '../support/app';
import { pusherFor, subscribe } from '../support/realtime';
import { enterDesign, makeDesign, makeSpot, META, services } from './helpers';

/** The arena's rules on the booted app: entering, voting, closing, and the replay of the vote log. */
describe('arena service', () => {
  let t: TestApp;
  let s: ReturnType<typeof services>;
  let clock: Clock;
  const sockets: Pusher[] = [];

  beforeAll(async () => {
    t = await bootTestApp();
    s = services(t);
    clock = t.app.get(Clock);
  });
  afterAll(async () => {
    sockets.forEach((p) => p.disconnect());
    clock.reset();
    await t.close();
  });

  it('enters only your own finished design or published spot, once per category, in a fitting category', async () => {
    const creator = await t.createUser();
    const other = await t.createUser();
    const entry = await enterDesign(t, creator);
    expect(entry).toMatchObject({ kind: 'design', category: 'living_rooms', rating: 1500, battles: 0 });
    expect(entry.creator?.id).toBe(creator.id);
    // Entering makes the design public: its share link is set.
    const [{ share_token }] = await t.db.query(`SELECT share_token FROM designs WHERE user_id = $1`, [creator.id]);
    expect(share_token).toBeTruthy();

    const theirs = await makeDesign(t, other);
    await expect(s.entries.enter(creator, { kind: 'design', source: theirs, category: 'kitchens' })).rejects.toThrow(
      ForbiddenException,
    );
    const unfinished = await makeDesign(t, creator, 'processing');
    await expect(
      s.entries.enter(creator, { kind: 'design', source: unfinished, category: 'kitchens' }),
    ).rejects.toMatchObject({ response: { errors: { source: ['Only a finished design can be entered.'] } } });
    const design = await makeDesign(t, creator);
    await s.entries.enter(creator, { kind: 'design', source: design, category: 'kitchens' });
    await expect(
      s.entries.enter(creator, { kind: 'design', source: design, category: 'kitchens' }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      s.entries.enter(creator, { kind: 'design', source: design, category: 'luxury_spots' }),
    ).rejects.toMatchObject({ status: 422 });

    const spot = await makeSpot(t, creator);
    const spotEntry = await s.entries.enter(creator, { kind: 'spot', source: spot, category: 'luxury_spots' });
    expect(spotEntry).toMatchObject({ kind: 'spot', title: 'Sunny spot' });
    const draft = await makeSpot(t, creator, false);
    await expect(
      s.entries.enter(creator, { kind: 'spot', source: draft, category: 'luxury_spots' }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(s.entries.enter(other, { kind: 'spot', source: spot, category: 'starter_spots' })).rejects.toThrow(
      ForbiddenException,
    );
    await expect(s.entries.enter(creator, { kind: 'spot', source: 'nope', category: 'luxury_spots' })).rejects.toThrow(
      NotFoundException,
    );
  });

  it('shows two anonymous sides, counts one vote per voter per pair, reveals after, refuses own entries', async () => {
    const [c1, c2, voter, late] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
    const e1 = await enterDesign(t, c1, 'bathrooms');
    const e2 = await enterDesign(t, c2, 'bathrooms');
    const battle = await s.battles.next(voter, 'bathrooms');
    expect(battle).toMatchObject({
      state: 'in_battle',
      revealed: null,
      can_vote: true,
      my_vote: null,
      left_is_a: null,
    });
    expect(JSON.stringify(battle)).not.toContain(c1.id);

    // Watchers on the presence channel see the counts move.
    const watcherClient = await t.signedIn();
    const channel = await subscribe(pusherFor(t, watcherClient.client, sockets), `presence-arena.battle.${battle.id}`);
    const seen = new Promise<BattleVotesEvent>((resolve) => channel.bind('battle.votes', resolve));

    const after = await s.battles.vote(voter, battle.id, { choice: 'left' }, META);
    expect(after.my_vote).toBe('left');
    expect(after.counts).toMatchObject({ total: 1, left: 1, right: 0 });
    const ids = [after.revealed!.left.id, after.revealed!.right.id].sort();
    expect(ids).toEqual([e1.id, e2.id].sort());
    expect(after.revealed!.left.rating).toBe(1516);
    expect(after.revealed!.right.rating).toBe(1484);
    expect((await seen).total).toBe(1);

    await expect(s.battles.vote(voter, battle.id, { choice: 'right' }, META)).rejects.toThrow(ConflictException);
    await expect(s.battles.vote(c1, battle.id, { choice: 'left' }, META)).rejects.toThrow(ForbiddenException);
    // The same voter is never offered the pair again, even in a new battle.
    await expect(s.battles.next(voter, 'bathrooms')).rejects.toThrow(NotFoundException);

    // The battle closes by its timer; a late vote is refused, and the close is idempotent.
    clock.advance(11 * 60_000);
    await t.app.get(TimersService).fire(TIMERS.closeBattle, { battleId: battle.id });
    await t.app.get(TimersService).fire(TIMERS.closeBattle, { battleId: battle.id });
    await expect(s.battles.vote(late, battle.id, { choice: 'tie' }, META)).rejects.toThrow(ConflictException);
    const closed = await s.battles.show(battle.id, late);
    expect(closed).toMatchObject({ state: 'completed', can_vote: false });
    expect(closed.revealed).not.toBeNull();
    clock.reset();
  });

  it('replaying the stored vote log reproduces the live entry and creator ratings exactly', async () => {
    const creators: User[] = await Promise.all([1, 2, 3, 4].map(() => t.createUser()));
    const voters: User[] = await Promise.all(Array.from({ length: 6 }, () => t.createUser()));
    for (const c of creators) {
      await enterDesign(t, c, 'exteriors');
      await enterDesign(t, c, 'exteriors');
    }
    const choices = ['left', 'right', 'tie', 'both_bad', 'left', 'left'] as const;
    for (const [i, voter] of voters.entries()) {
      for (let round = 0; round < 4; round++) {
        const battle = await s.battles.next(voter, 'exteriors');
        clock.advance(3_600_000 * (i + round));
        await s.battles.vote(voter, battle.id, { choice: choices[(i + round) % choices.length] }, META);
      }
    }
    clock.reset();
    // Votes arriving at once on one battle are applied one after another, in the log's order.
    const crowd: User[] = await Promise.all(Array.from({ length: 8 }, () => t.createUser()));
    const contested = await s.battles.next(crowd[0], 'exteriors');
    const before = contested.counts.total;
    await Promise.all(
      crowd.map((v, i) => s.battles.vote(v, contested.id, { choice: choices[i % choices.length] }, META)),
    );
    expect((await s.battles.show(contested.id, null)).counts.total).toBe(before + 8);
    const season = await s.entries.currentSeason();
    const snapshot = async () => ({
      entries: await t.db.query(
        `SELECT id, rating, rd, battles, last_battle_at FROM arena_entries WHERE season_id = $1 ORDER BY id`,
        [season.id],
      ),
      creators: await t.db.query(
        `SELECT creator_id, rating, rd, battles, last_battle_at FROM arena_creator_ratings
          WHERE season_id = $1 ORDER BY creator_id`,
        [season.id],
      ),
      battles: await t.db.query(
        `SELECT id, votes_a, votes_b, votes_tie, votes_both_bad FROM arena_battles ORDER BY id`,
      ),
    });
    const live = await snapshot();
    expect(live.entries.some((e: { battles: number }) => e.battles > 2)).toBe(true);
    await t.db.query(`UPDATE arena_entries SET rating = 0, rd = 0 WHERE season_id = $1`, [season.id]);
    const { votes } = await s.ratings.recompute(season.id);
    expect(votes).toBeGreaterThanOrEqual(32);
    expect(await snapshot()).toEqual(live);
  });

  it('fits Bradley-Terry with intervals, then rolls the season over with the soft reset', async () => {
    const season = await s.entries.currentSeason();
    const fit = await s.ratings.fit(season.id);
    expect(fit.votes).toBeGreaterThan(0);
    const [top] = (await s.entries.board(Object.assign(new BoardQueryDto(), { category: 'exteriors' }))).data;
    expect(top.entry.fit).not.toBeNull();
    expect(top.entry.fit!.lower).toBeLessThanOrEqual(top.entry.fit!.rating);
    // The same log and seed give the same figures.
    const before = await t.db.query(`SELECT id, bt_rating, bt_lower, bt_upper FROM arena_entries ORDER BY id`);
    await s.ratings.fit(season.id);
    expect(await t.db.query(`SELECT id, bt_rating, bt_lower, bt_upper FROM arena_entries ORDER BY id`)).toEqual(before);

    const old: Array<{ rating: number }> = await t.db.query(`SELECT rating FROM arena_entries WHERE season_id = $1`, [
      season.id,
    ]);
    const mean = old.reduce((sum, r) => sum + r.rating, 0) / old.length;
    const next = await s.ratings.rollover('Season 2');
    expect((await s.entries.currentSeason()).id).toBe(next.id);
    const carried: Array<{ start_rating: number; rating: number; rd: number }> = await t.db.query(
      `SELECT start_rating, rating, rd FROM arena_entries WHERE season_id = $1`,
      [next.id],
    );
    expect(carried).toHaveLength(old.length);
    const spread = (rows: Array<{ rating: number }>) => Math.max(...rows.map((r) => Math.abs(r.rating - mean)));
    expect(spread(carried)).toBeCloseTo(spread(old) / 2, 6);
    expect(carried.every((r) => r.rd >= 200 && r.start_rating === r.rating)).toBe(true);
  });
});
