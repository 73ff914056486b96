import { Clock } from '../../src/common/clock';
import { PageQueryDto } from '../../src/common/page-query.dto';
import type { ArenaEntry, VoteChoice } from '../../src/contracts/arena';
import { ArenaChallengesService } from '../../src/modules/arena/arena-challenges.service';
import { ArenaSquadsService } from '../../src/modules/arena/arena-squads.service';
import { ArenaWarsService } from '../../src/modules/arena/arena-wars.service';
import { CHALLENGE_EXPIRE_TIMER, WAR_TIMERS } from '../../src/modules/arena/arena.constants';
import { leftIsA } from '../../src/modules/arena/arena.mapper';
import { TimersService } from '../../src/modules/jobs';
import { Broadcaster } from '../../src/modules/realtime';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp } from '../support/app';
import { enterDesign, META, services } from './helpers';

const MINUTE = 60_000;

/** Squads and wars on the booted app: phases by timers, lineups, K attacks, votes, a result replayed from the log. */
describe('arena wars', () => {
  let t: TestApp;
  let clock: Clock;
  let timers: TimersService;
  let squads: ArenaSquadsService;
  let wars: ArenaWarsService;
  let challenges: ArenaChallengesService;

  beforeAll(async () => {
    t = await bootTestApp();
    clock = t.app.get(Clock);
    timers = t.app.get(TimersService);
    squads = t.app.get(ArenaSquadsService);
    wars = t.app.get(ArenaWarsService);
    challenges = t.app.get(ArenaChallengesService);
    clock.set('2026-03-02T10:00:00Z');
  });
  afterAll(async () => {
    clock.reset();
    await t.close();
  });

  /** Each voter votes for side a or b (as the letter at their index says) of a battle. */
  async function votes(battleId: string, voters: User[], sides: string): Promise<void> {
    const s = services(t);
    const battle = await s.battles.find(battleId);
    for (const [i, voter] of voters.entries()) {
      const aLeft = leftIsA(battle, voter.id);
      const choice: VoteChoice = (sides[i] === 'a') === aLeft ? 'left' : 'right';
      await s.battles.vote(voter, battleId, { choice }, { ...META, ip: `10.9.0.${i}` });
    }
  }

  it('runs a war: preparation, lineups hidden, battle phase, K attacks, close once, result from the log', async () => {
    const [h1, h2, a1, a2, outsider, ...voters] = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => t.createUser()));
    const entry: Record<string, ArenaEntry> = {};
    for (const u of [h1, h2, a1, a2]) entry[u.id] = await enterDesign(t, u, 'kitchens');
    const bedroom = await enterDesign(t, h2, 'bedrooms');

    const home = await squads.create(h1, { name: 'Home team' });
    const away = await squads.create(a1, { name: 'Away team' });
    await squads.join(h2, home.id);
    await squads.join(a2, away.id);
    await expect(squads.join(h2, home.id)).rejects.toMatchObject({ status: 409 });
    await expect(
      challenges.challenge(h2, { squad_id: home.id, opponent_id: away.id, category: 'kitchens' }),
    ).rejects.toMatchObject({ status: 403, message: "Only the squad's captain can challenge." });

    const challenge = await challenges.challenge(h1, {
      squad_id: home.id,
      opponent_id: away.id,
      category: 'kitchens',
      prep_minutes: 10,
      battle_minutes: 60,
    });
    const war = await challenges.accept(a1, challenge.id);
    expect(await wars.show(war.id, h1)).toMatchObject({
      state: 'preparation',
      my_squad: 'home',
      attacks_per_member: 2,
    });
    await expect(
      challenges.challenge(a1, { squad_id: away.id, opponent_id: home.id, category: 'kitchens' }),
    ).rejects.toMatchObject({ status: 409, message: 'Away team is already at war.' });
    await expect(squads.join(outsider, home.id)).rejects.toMatchObject({ status: 409 });

    // Preparation: lineups (own entry, the war's category), no attacks yet.
    const attackEarly = wars.attack(h1, war.id, { target_entry_id: entry[a1.id].id });
    await expect(attackEarly).rejects.toMatchObject({
      status: 409,
      message: 'Attacks open when the battle phase starts.',
    });
    await expect(wars.setLineup(a1, war.id, { entry_id: entry[h1.id].id })).rejects.toMatchObject({ status: 403 });
    await expect(wars.setLineup(outsider, war.id, { entry_id: entry[h1.id].id })).rejects.toMatchObject({
      status: 403,
    });
    await expect(wars.setLineup(h2, war.id, { entry_id: bedroom.id })).rejects.toMatchObject({ status: 422 });
    for (const u of [h1, h2, a1, a2]) await wars.setLineup(u, war.id, { entry_id: entry[u.id].id });
    const seenByAway = await wars.show(war.id, a1);
    expect(seenByAway.members.filter((m) => m.squad === 'home').map((m) => [m.has_lineup, m.entry])).toEqual([
      [true, null],
      [true, null],
    ]);
    expect(seenByAway.members.find((m) => m.user?.id === a1.id)?.entry?.id).toBe(entry[a1.id].id);

    // The battle phase starts by its timer, re-checked on fire (early and repeated firings change nothing).
    await timers.fire(WAR_TIMERS.battleStart, { warId: war.id });
    expect((await wars.show(war.id, null)).state).toBe('preparation');
    clock.advance(10 * MINUTE);
    await timers.fire(WAR_TIMERS.battleStart, { warId: war.id });
    await timers.fire(WAR_TIMERS.battleStart, { warId: war.id });
    const started = await wars.show(war.id, null);
    expect(started.state).toBe('battle');
    expect(started.members.every((m) => m.entry !== null)).toBe(true);
    await expect(wars.setLineup(h1, war.id, { entry_id: entry[h1.id].id })).rejects.toMatchObject({ status: 409 });

    // Attacks: other squad's lineup only, never the same target twice, K = 2 each.
    await expect(wars.attack(h1, war.id, { target_entry_id: entry[h2.id].id })).rejects.toMatchObject({
      status: 422,
    });
    await wars.attack(h1, war.id, { target_entry_id: entry[a1.id].id });
    await expect(wars.attack(h1, war.id, { target_entry_id: entry[a1.id].id })).rejects.toMatchObject({
      status: 409,
    });
    await wars.attack(h1, war.id, { target_entry_id: entry[a2.id].id });
    await expect(wars.attack(h1, war.id, { target_entry_id: entry[a1.id].id })).rejects.toMatchObject({
      status: 409,
      message: 'You have used your 2 attacks in this war.',
    });
    await expect(wars.attack(a2, war.id, { target_entry_id: entry[h1.id].id })).rejects.toMatchObject({
      status: 409,
      message: 'These two entries have already met in this war.',
    });
    const a2Attack = await wars.attack(a2, war.id, { target_entry_id: entry[h2.id].id });
    const battleOf = (target: User) =>
      a2Attack.attacks.find((a) => a.target_entry_id === entry[target.id].id)!.battle_id;
    const [h1a1, h1a2, a2h2] = [battleOf(a1), battleOf(a2), battleOf(h2)];

    // Members of either squad may not vote on the war's attacks.
    await expect(services(t).battles.vote(a2, h1a1, { choice: 'left' }, META)).rejects.toMatchObject({
      status: 403,
      message: 'Members of the squads at war cannot vote on its attacks.',
    });
    expect((await services(t).battles.show(h1a1, h2)).can_vote).toBe(false);

    await votes(h1a1, voters, 'aaa'); // 100%: 3 stars
    await votes(h1a2, voters, 'aab'); // 67%: 2 stars
    await votes(a2h2, voters, 'abb'); // 33%: no star
    const live = await wars.show(war.id, null);
    expect([live.home.stars, live.away.stars, live.winner]).toEqual([5, 0, null]);

    // The close: a repeated firing changes nothing and the result equals the replay of the vote log.
    clock.advance(60 * MINUTE);
    await timers.fire(WAR_TIMERS.close, { warId: war.id });
    const closed = await wars.show(war.id, h1);
    expect(closed).toMatchObject({ state: 'closed', winner: 'home', home: { stars: 5, percent: 167 } });
    expect(closed.attacks.every((a) => !a.live)).toBe(true);
    expect(closed.members.find((m) => m.user?.id === h1.id)).toMatchObject({ attacks_used: 2, stars: 5 });
    const [{ result }] = await t.db.query(`SELECT result FROM arena_wars WHERE id = $1`, [war.id]);
    expect(await wars.replayScore(war.id)).toEqual(result);
    await timers.fire(WAR_TIMERS.close, { warId: war.id });
    expect((await wars.show(war.id, h1)).closed_at).toBe(closed.closed_at);
    await expect(wars.attack(a1, war.id, { target_entry_id: entry[h1.id].id })).rejects.toMatchObject({
      status: 409,
      message: 'The war is over.',
    });
    await expect(services(t).battles.vote(outsider, h1a1, { choice: 'left' }, META)).rejects.toMatchObject({
      status: 409,
    });
    // Squads may join and fight again once the war is over.
    await squads.join(outsider, home.id);
  });

  it('keeps team squads for their team and refuses a squad fighting itself', async () => {
    const [captain, stranger] = await Promise.all([t.createUser(), t.createUser()]);
    const [team] = await t.db.query(`SELECT team_id AS id FROM team_members WHERE user_id = $1 LIMIT 1`, [captain.id]);
    if (team) {
      const squad = await squads.create(captain, { name: 'Team squad', team_id: team.id });
      await expect(squads.join(stranger, squad.id)).rejects.toMatchObject({ status: 403 });
    }
    await expect(
      squads.create(stranger, { name: 'Not mine', team_id: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    const solo = await squads.create(captain, { name: 'Solo' });
    await expect(
      challenges.challenge(captain, { squad_id: solo.id, opponent_id: solo.id, category: 'kitchens' }),
    ).rejects.toMatchObject({ status: 422 });
  });

  /** Two fresh squads: captains c1 and c2, with m1 and m2 joined after them. */
  async function pair() {
    const [c1, m1, c2, m2] = await Promise.all([1, 2, 3, 4].map(() => t.createUser()));
    const one = await squads.create(c1, { name: 'One' });
    const two = await squads.create(c2, { name: 'Two' });
    await squads.join(m1, one.id);
    await squads.join(m2, two.id);
    const dto = { squad_id: one.id, opponent_id: two.id, category: 'kitchens' as const, prep_minutes: 5 };
    return { c1, m1, c2, m2, one, two, dto };
  }

  it('starts a war only when the challenged captain accepts, live on both squad channels', async () => {
    const { c1, m2, c2, one, two, dto } = await pair();
    const broadcast = jest.spyOn(t.app.get(Broadcaster), 'broadcast');
    const challenge = await challenges.challenge(c1, dto);
    expect(challenge).toMatchObject({ state: 'pending', challenger: { id: one.id }, opponent: { id: two.id } });
    expect(broadcast).toHaveBeenCalledWith(
      [`private-arena.squad.${one.id}`, `private-arena.squad.${two.id}`],
      'war.challenge',
      { challenge },
    );
    broadcast.mockRestore();
    expect(await t.db.query(`SELECT 1 FROM arena_wars WHERE home_squad_id = $1`, [one.id])).toHaveLength(0);
    await expect(challenges.challenge(c2, { ...dto, squad_id: two.id, opponent_id: one.id })).rejects.toMatchObject({
      status: 409,
      message: 'A challenge between these squads is already waiting for an answer.',
    });
    // Out of turn: the challenger's captain or a plain member of the challenged squad.
    for (const who of [c1, m2])
      await expect(challenges.accept(who, challenge.id)).rejects.toMatchObject({
        status: 403,
        message: "Only the challenged squad's captain can accept the challenge.",
      });
    const war = await challenges.accept(c2, challenge.id);
    expect(war).toMatchObject({ state: 'preparation', my_squad: 'away', home: { squad: { id: one.id } } });
    expect(new Date(war.prep_ends_at).getTime() - clock.nowMs()).toBe(5 * MINUTE);
    await expect(challenges.accept(c2, challenge.id)).rejects.toMatchObject({
      status: 409,
      message: 'The challenge is no longer pending (accepted).',
    });
    await expect(challenges.decline(c2, challenge.id)).rejects.toMatchObject({ status: 409 });
    expect((await challenges.of([one.id]))[0]).toMatchObject({ state: 'accepted', war_id: war.id });
  });

  it('declines, and lets an unanswered challenge expire by its timer (early and repeated firings harmless)', async () => {
    const { c1, c2, dto } = await pair();
    const declined = await challenges.challenge(c1, dto);
    await expect(challenges.decline(c1, declined.id)).rejects.toMatchObject({ status: 403 });
    expect(await challenges.decline(c2, declined.id)).toMatchObject({ state: 'declined' });
    await expect(challenges.accept(c2, declined.id)).rejects.toMatchObject({
      status: 409,
      message: 'The challenge is no longer pending (declined).',
    });

    const lapsing = await challenges.challenge(c1, dto);
    await timers.fire(CHALLENGE_EXPIRE_TIMER, { challengeId: lapsing.id });
    // Both challenges share the frozen clock's created_at, so pick the lapsing one by id rather than by position.
    const challengeOf = async (id: string) => (await challenges.of([dto.squad_id])).find((c) => c.id === id);
    expect(await challengeOf(lapsing.id)).toMatchObject({ state: 'pending' });
    clock.advance(24 * 60 * MINUTE);
    await timers.fire(CHALLENGE_EXPIRE_TIMER, { challengeId: lapsing.id });
    await timers.fire(CHALLENGE_EXPIRE_TIMER, { challengeId: lapsing.id });
    expect(await challengeOf(lapsing.id)).toMatchObject({ state: 'expired' });
    await expect(challenges.accept(c2, lapsing.id)).rejects.toMatchObject({
      status: 409,
      message: 'The challenge is no longer pending (expired).',
    });
    // A challenge past its time that the timer has not reached yet cannot be accepted either.
    const late = await challenges.challenge(c1, dto);
    clock.advance(24 * 60 * MINUTE + 1);
    await expect(challenges.accept(c2, late.id)).rejects.toMatchObject({ status: 409, message: /expired/ });
  });

  it('leaving: never at war, captains wait for pending challenges, captaincy passes on, the last one dissolves', async () => {
    const { c1, m1, c2, m2, one, two, dto } = await pair();
    const challenge = await challenges.challenge(c1, dto);
    await expect(squads.leave(c1, one.id)).rejects.toMatchObject({ status: 409, message: /pending challenges/ });
    await expect(squads.leave(c2, two.id)).rejects.toMatchObject({ status: 409, message: /pending challenges/ });
    const war = await challenges.accept(c2, challenge.id);
    for (const [who, squad] of [
      [m1, one],
      [c2, two],
    ] as const)
      await expect(squads.leave(who, squad.id)).rejects.toMatchObject({
        status: 409,
        message: 'The squad is at war: leave once the war ends.',
      });
    await expect(squads.leave(m2, one.id)).rejects.toMatchObject({
      status: 403,
      message: 'You are not in this squad.',
    });

    clock.advance(5 * MINUTE + 240 * MINUTE);
    await timers.fire(WAR_TIMERS.close, { warId: war.id });
    expect((await wars.show(war.id, null)).state).toBe('closed');
    const handed = await squads.leave(c1, one.id);
    expect(handed).toMatchObject({ dissolved: false, squad: { captain: { id: m1.id }, members: [{ id: m1.id }] } });
    expect(await squads.leave(m1, one.id)).toEqual({ squad: null, dissolved: true });
    await expect(squads.join(c1, one.id)).rejects.toMatchObject({ status: 409, message: 'One has dissolved.' });
    const listed = await squads.page(Object.assign(new PageQueryDto(), { per_page: 100 }));
    expect(listed.data.map((s) => s.id)).not.toContain(one.id);
    // The war stays in the other squad's history.
    expect((await wars.show(war.id, c2)).state).toBe('closed');
  });
});
