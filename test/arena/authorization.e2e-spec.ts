import { randomUUID } from 'node:crypto';
import { ArenaQueueService } from '../../src/modules/arena/arena-queue.service';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable, expectPage } from '../support/authorization';
import { enterDesign, makeDesign, services } from './helpers';

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
