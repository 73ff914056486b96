import { randomUUID } from 'node:crypto';
import { ArenaChallengesService } from '../../src/modules/arena/arena-challenges.service';
import { ArenaQueueService } from '../../src/modules/arena/arena-queue.service';
import { ArenaSquadsService } from '../../src/modules/arena/arena-squads.service';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable, expectPage } from '../support/authorization';
import { enterDesign, makeDesign, makeSpot, services } from './helpers';

type Caller = 'guest' | 'unverified' | 'stranger' | 'owner' | 'admin';

/** Every arena route and channel with what each kind of caller gets. */
describe('arena authorization', () => {
  let t: TestApp;
  let clients: Record<Caller, TestClient>;
  let owner: User;
  let rival: User;
  let battleId: string;

  /** A new battle between the owner's entry and a rival's, so each voter's row starts clean. */
  const freshBattle = async (): Promise<string> => {
    const s = services(t);
    const [mine, theirs] = await Promise.all([enterDesign(t, owner, 'kitchens'), enterDesign(t, rival, 'kitchens')]);
    const [a, b] = await Promise.all([s.entries.find(mine.id), s.entries.find(theirs.id)]);
    return (await s.battles.open(a, b, 'open')).id;
  };

  beforeAll(async () => {
    t = await bootTestApp();
    const [o, stranger, admin] = await Promise.all([t.signedIn(), t.signedIn(), t.signedIn({ role: 'admin' })]);
    const unverified = await t.signedIn({ emailVerifiedAt: null });
    owner = o.user;
    rival = await t.createUser();
    const third = await t.createUser();
    await Promise.all([enterDesign(t, rival, 'bedrooms'), enterDesign(t, third, 'bedrooms')]);
    await enterDesign(t, owner, 'bedrooms');
    clients = {
      guest: await t.client(),
      unverified: unverified.client,
      stranger: stranger.client,
      owner: o.client,
      admin: admin.client,
    };
    battleId = await freshBattle();
  });
  afterAll(() => t.close());

  const everyone = (status: number) => ({
    guest: status,
    unverified: status,
    stranger: status,
    owner: status,
    admin: status,
  });
  const signedIn = (status: number) => ({
    guest: 401,
    unverified: status,
    stranger: status,
    owner: status,
    admin: status,
  });

  it('entries, battles, votes, pages and the presence channel', async () => {
    await expectAuthorizationTable<Caller>(clients, [
      { method: 'GET', path: '/api/arena/leaderboard', expect: everyone(200) },
      { method: 'GET', path: '/api/arena/leaderboard?category=kitchens', expect: everyone(200) },
      { method: 'GET', path: '/api/arena/entries/mine', expect: signedIn(200) },
      {
        name: "POST /api/arena/entries (the owner's design)",
        method: 'POST',
        path: '/api/arena/entries',
        body: async () => ({ kind: 'design', source: await makeDesign(t, owner), category: 'kitchens' }),
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 201, admin: 403 },
      },
      {
        method: 'POST',
        path: '/api/arena/battles/next',
        body: { category: 'bedrooms' },
        expect: { guest: 401, unverified: 403, stranger: 200, owner: 200, admin: 200 },
      },
      { method: 'GET', path: () => `/api/arena/battles/${battleId}`, expect: everyone(200) },
      { method: 'GET', path: `/api/arena/battles/${randomUUID()}`, expect: everyone(404) },
      { method: 'GET', path: () => `/api/arena/battles/${battleId}/sides/left/image`, expect: everyone(200) },
      { method: 'GET', path: () => `/api/arena/battles/${battleId}/sides/middle/image`, expect: everyone(404) },
      {
        name: 'POST /api/arena/battles/:fresh/votes',
        method: 'POST',
        path: async () => `/api/arena/battles/${await freshBattle()}/votes`,
        body: { choice: 'left' },
        expect: { guest: 401, unverified: 403, stranger: 201, owner: 403, admin: 201 },
      },
      { method: 'GET', path: '/api/arena/queue', expect: signedIn(200) },
      {
        name: "POST /api/arena/queue (the owner's entry)",
        method: 'POST',
        path: '/api/arena/queue',
        body: async () => ({ entry_id: (await enterDesign(t, owner, 'exteriors')).id }),
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 201, admin: 403 },
      },
      {
        name: "POST /api/arena/queue/:owner's ticket/leave",
        method: 'POST',
        path: async () => {
          const entry = await enterDesign(t, owner, 'bathrooms');
          return `/api/arena/queue/${(await t.app.get(ArenaQueueService).join(owner, entry.id)).id}/leave`;
        },
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 200, admin: 403 },
      },
      { method: 'POST', path: `/api/arena/queue/${randomUUID()}/leave`, expect: signedIn(404) },
      { method: 'GET', path: '/arena/queue', inertia: true, expect: { ...signedIn(200), guest: 302 } },
      { method: 'GET', path: '/arena', inertia: true, expect: everyone(200) },
      { method: 'GET', path: () => `/arena/battles/${battleId}`, inertia: true, expect: everyone(200) },
      {
        method: 'POST',
        path: '/broadcasting/auth',
        name: 'presence-arena.battle.{id}',
        body: () => ({ socket_id: '1.2', channel_name: `presence-arena.battle.${battleId}` }),
        expect: { guest: 403, unverified: 200, stranger: 200, owner: 200, admin: 200 },
      },
      { method: 'GET', path: '/api/arena/seasons', expect: everyone(200) },
      { method: 'GET', path: '/arena/seasons', inertia: true, expect: everyone(200) },
      {
        method: 'GET',
        name: 'GET /arena/seasons/:current',
        path: async () => `/arena/seasons/${(await services(t).entries.currentSeason()).id}`,
        inertia: true,
        expect: everyone(200),
      },
      {
        method: 'GET',
        path: `/arena/seasons/${randomUUID()}`,
        inertia: true,
        expect: { ...everyone(404), guest: 404 },
      },
      {
        method: 'POST',
        path: '/broadcasting/auth',
        name: 'presence-arena.battle.{unknown}',
        body: () => ({ socket_id: '1.2', channel_name: `presence-arena.battle.${randomUUID()}` }),
        expect: { guest: 403, unverified: 403, stranger: 403, owner: 403, admin: 403 },
      },
    ]);
  });

  it('season rollover is for admins only', async () => {
    await expectAuthorizationTable<Caller>(clients, [
      {
        method: 'POST',
        path: '/api/arena/seasons/rollover',
        body: { name: 'Season 2' },
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 403, admin: 201 },
      },
    ]);
  });

  it('squads, challenges, wars, their channels, the vote review queue and unsharing or deleting an entered design', async () => {
    const squads = t.app.get(ArenaSquadsService);
    const challenges = t.app.get(ArenaChallengesService);
    const squadOf = (user: User, name: string) => squads.create(user, { name });
    /** A fresh challenge from a rival's squad to a fresh squad of the owner's (the owner answers it). */
    const challengeToOwner = async () => {
      const [mine, theirs] = await Promise.all([squadOf(owner, 'Challenged'), squadOf(rival, 'Challengers')]);
      const dto = { squad_id: theirs.id, opponent_id: mine.id, category: 'kitchens' as const };
      return (await challenges.challenge(rival, dto)).id;
    };
    const warOf = async () => {
      const [home, away] = await Promise.all([squadOf(owner, 'Owners'), squadOf(rival, 'Rivals')]);
      const dto = { squad_id: home.id, opponent_id: away.id, category: 'kitchens' as const };
      const war = await challenges.accept(rival, (await challenges.challenge(owner, dto)).id);
      return { war, home };
    };
    const { war, home } = await warOf();
    const lineupEntry = await enterDesign(t, owner, 'kitchens');
    const flag = async () => {
      const [row] = await t.db.query(
        `INSERT INTO arena_flags (season_id, kind, key, creator_id, window_start, vote_ids, voters)
         VALUES ($1, 'ip', $2, $3, now(), '{}', 5) RETURNING id`,
        [war.season_id, randomUUID(), rival.id],
      );
      return row.id as string;
    };
    const adminOnly = (status: number) => ({ guest: 401, unverified: 403, stranger: 403, owner: 403, admin: status });
    await expectAuthorizationTable<Caller>(clients, [
      { method: 'GET', path: '/api/arena/squads', expect: everyone(200) },
      { method: 'GET', path: '/api/arena/squads/mine', expect: signedIn(200) },
      { method: 'POST', path: '/api/arena/squads', body: { name: 'Row squad' }, expect: signedIn(201) },
      {
        name: "POST /api/arena/squads/:owner's fresh squad/join",
        method: 'POST',
        path: async () => `/api/arena/squads/${(await squadOf(owner, 'Open squad')).id}/join`,
        expect: { ...signedIn(200), owner: 409 },
      },
      { method: 'POST', path: `/api/arena/squads/${randomUUID()}/join`, expect: signedIn(404) },
      {
        name: "POST /api/arena/squads/:owner's fresh squad/leave",
        method: 'POST',
        path: async () => `/api/arena/squads/${(await squadOf(owner, 'Leavers')).id}/leave`,
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 200, admin: 403 },
      },
      { method: 'POST', path: `/api/arena/squads/${randomUUID()}/leave`, expect: signedIn(404) },
      {
        name: "POST /api/arena/challenges (the owner's squad)",
        method: 'POST',
        path: '/api/arena/challenges',
        body: async () => ({
          squad_id: (await squadOf(owner, 'Challengers')).id,
          opponent_id: (await squadOf(rival, 'Challenged')).id,
          category: 'kitchens',
        }),
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 201, admin: 403 },
      },
      {
        name: 'POST /api/arena/challenges/:fresh, to the owner/accept',
        method: 'POST',
        path: async () => `/api/arena/challenges/${await challengeToOwner()}/accept`,
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 200, admin: 403 },
      },
      {
        name: 'POST /api/arena/challenges/:fresh, to the owner/decline',
        method: 'POST',
        path: async () => `/api/arena/challenges/${await challengeToOwner()}/decline`,
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 200, admin: 403 },
      },
      { method: 'POST', path: `/api/arena/challenges/${randomUUID()}/accept`, expect: signedIn(404) },
      { method: 'POST', path: `/api/arena/challenges/${randomUUID()}/decline`, expect: signedIn(404) },
      { method: 'GET', path: `/api/arena/wars/${war.id}`, expect: everyone(200) },
      { method: 'GET', path: `/api/arena/wars/${randomUUID()}`, expect: everyone(404) },
      {
        method: 'POST',
        path: `/api/arena/wars/${war.id}/lineup`,
        body: { entry_id: lineupEntry.id },
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 200, admin: 403 },
      },
      {
        name: 'POST /api/arena/wars/:id/attacks (in preparation)',
        method: 'POST',
        path: `/api/arena/wars/${war.id}/attacks`,
        body: { target_entry_id: randomUUID() },
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 409, admin: 403 },
      },
      // A bad body is a squad member's 422 only: everyone else is refused before the body is read.
      {
        name: 'POST /api/arena/wars/:id/lineup, bad body',
        method: 'POST',
        path: `/api/arena/wars/${war.id}/lineup`,
        body: { entry_id: 'mine' },
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 422, admin: 403 },
      },
      {
        name: 'POST /api/arena/wars/:id/attacks, bad body',
        method: 'POST',
        path: `/api/arena/wars/${war.id}/attacks`,
        body: {},
        expect: { guest: 401, unverified: 403, stranger: 403, owner: 422, admin: 403 },
      },
      { method: 'GET', path: '/arena/squads', inertia: true, expect: { ...signedIn(200), guest: 302 } },
      { method: 'GET', path: `/arena/wars/${war.id}`, inertia: true, expect: everyone(200) },
      { method: 'GET', path: `/arena/wars/${war.id}/results`, inertia: true, expect: everyone(200) },
      { method: 'GET', path: `/arena/wars/${randomUUID()}`, inertia: true, expect: everyone(404) },
      {
        method: 'POST',
        path: '/broadcasting/auth',
        name: 'presence-arena.war.{id}',
        body: { socket_id: '1.2', channel_name: `presence-arena.war.${war.id}` },
        expect: { guest: 403, unverified: 200, stranger: 200, owner: 200, admin: 200 },
      },
      {
        method: 'POST',
        path: '/broadcasting/auth',
        name: 'private-arena.squad.{id} (members only)',
        body: { socket_id: '1.2', channel_name: `private-arena.squad.${home.id}` },
        expect: { guest: 403, unverified: 403, stranger: 403, owner: 200, admin: 403 },
      },
      {
        method: 'GET',
        path: '/admin/arena/flags',
        inertia: true,
        expect: { guest: 302, unverified: 403, stranger: 403, owner: 403, admin: 200 },
      },
      { method: 'GET', path: '/api/admin/arena/flags?state=dismissed', expect: adminOnly(200) },
      {
        name: 'POST /api/admin/arena/flags/:fresh/decision',
        method: 'POST',
        path: async () => `/api/admin/arena/flags/${await flag()}/decision`,
        body: { decision: 'dismiss' },
        expect: adminOnly(200),
      },
      {
        method: 'POST',
        path: `/api/admin/arena/flags/${randomUUID()}/decision`,
        body: { decision: 'exclude' },
        expect: adminOnly(404),
      },
    ]);
    const bad = await clients.admin.post(`/api/admin/arena/flags/${await flag()}/decision`).send({ decision: 'ban' });
    expect(bad.status).toBe(422);
    const lineupPage = await clients.owner.visit(`/arena/wars/${war.id}`);
    expectPage(lineupPage, 'Arena/WarBattle', { war: { id: war.id, my_squad: 'home' } });
    const [{ source_id: designId }] = await t.db.query(`SELECT source_id FROM arena_entries WHERE id = $1`, [
      lineupEntry.id,
    ]);
    const unshare = await clients.owner.delete(`/api/designs/${designId}/share`);
    expect(unshare.status).toBe(409);
    expect(unshare.body.message).toMatch(/stays shared until the season ends/);
    const remove = await clients.owner.delete(`/api/designs/${designId}`);
    expect(remove.status).toBe(409);
    expect(remove.body.message).toMatch(/cannot be deleted until the season ends/);
    expect(await t.db.query(`SELECT 1 FROM designs WHERE id = $1`, [designId])).toHaveLength(1);
    // An entered spot stays published: the video area's PATCH answers 409 with the arena's reason.
    const slug = await makeSpot(t, owner);
    await services(t).entries.enter(owner, { kind: 'spot', source: slug, category: 'starter_spots' });
    const unpublish = await clients.owner.patch(`/api/spot/${slug}`).send({ published: false });
    expect(unpublish.status).toBe(409);
    expect(unpublish.body.message).toMatch(/^This spot is entered in the arena's .*, so it stays published until/);
  });

  it('bad input: voting twice, on your own entry, with a bad choice; entering a bad kind', async () => {
    const id = await freshBattle();
    const voter = clients.stranger;
    expect((await voter.post(`/api/arena/battles/${id}/votes`).send({ choice: 'up' })).status).toBe(422);
    expect((await voter.post(`/api/arena/battles/${id}/votes`).send({ choice: null })).status).toBe(422);
    expect((await voter.post(`/api/arena/battles/${id}/votes`).send({ choice: 'tie' })).status).toBe(201);
    const twice = await voter.post(`/api/arena/battles/${id}/votes`).send({ choice: 'left' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You have already voted on this pair.');
    const own = await clients.owner.post(`/api/arena/battles/${id}/votes`).send({ choice: 'left' });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot vote on a battle with your own entry.');
    const bad = await clients.owner
      .post('/api/arena/entries')
      .send({ kind: 'poem', source: 'x', category: 'kitchens' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.kind).toBeDefined();
    const page = await clients.stranger.visit(`/arena/battles/${id}`);
    expectPage(page, 'Arena/Battle', { battle: { id, my_vote: 'tie' } });
  });
});
