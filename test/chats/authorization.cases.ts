import type Pusher from 'pusher-js';
import { bootChatApp, connect, subscribe } from './support';
import type { TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable, type AuthorizationRow } from '../support/authorization';
import type { User } from '../../src/modules/users/user.entity';
import { NotificationsService } from '../../src/modules/notifications/notifications.service';

/**
 * Every route and channel this area adds, with what a guest, another user (not a participant)
 * and a participant get.
 */
describe('chats and notifications: authorization table', () => {
  let t: TestApp;
  let guest: TestClient;
  let stranger: TestClient;
  let a: TestClient;
  let b: TestClient;
  let ua: User;
  let ub: User;
  let chatId: string;
  const sockets: Pusher[] = [];

  beforeAll(async () => {
    t = await bootChatApp();
    guest = await t.client();
    ({ client: stranger } = await t.signedIn());
    ({ client: a, user: ua } = await t.signedIn());
    ({ client: b, user: ub } = await t.signedIn());
    chatId = (await a.post('/api/chats').send({ user_id: ub.id, message: 'hello' })).body.chat.id;
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
  afterAll(() => t?.close());

  type Call = (c: TestClient) => ReturnType<TestClient['get']>;
  type Caller = 'guest' | 'stranger' | 'a' | 'b';
  const participantRow = (
    method: AuthorizationRow<Caller>['method'],
    path: (id: string) => string,
    participant: number,
    who: 'a' | 'b',
    extra: Partial<AuthorizationRow<Caller>> = {},
  ): AuthorizationRow<Caller> => ({
    method,
    name: `${method} ${path('{id}')}`,
    path: () => path(chatId),
    expect: { guest: 401, stranger: 403, [who]: participant } as Record<Caller, number>,
    ...extra,
  });
  // Guest 401, a signed-in non-participant 403, the participant (a or b) succeeds.
  const chatRows = () => [
    participantRow('GET', (id) => `/api/chats/${id}`, 200, 'a'),
    participantRow('GET', (id) => `/api/chats/${id}/messages`, 200, 'b'),
    participantRow('POST', (id) => `/api/chats/${id}/messages`, 201, 'a', { body: { content: 'x' } }),
    // A bad body is a participant's 422 only: anyone else is refused before the body is read.
    participantRow('POST', (id) => `/api/chats/${id}/messages`, 422, 'a', {
      body: { content: 42 },
      name: 'POST /api/chats/{id}/messages, bad body',
    }),
    participantRow('POST', (id) => `/api/chats/${id}/respond`, 422, 'b', {
      body: { accept: 'maybe' },
      name: 'POST /api/chats/{id}/respond, bad body',
    }),
    participantRow('POST', (id) => `/api/chats/${id}/messages/image`, 422, 'a', {
      attach: { field: 'image', filename: 'x.png', bytes: () => Buffer.from('x') },
    }),
    participantRow('POST', (id) => `/api/chats/${id}/read`, 200, 'b'),
    participantRow('POST', (id) => `/api/chats/${id}/toggle-mute`, 200, 'b'),
    participantRow('POST', (id) => `/api/chats/${id}/toggle-block`, 200, 'b'),
    participantRow('POST', (id) => `/api/chats/${id}/respond`, 200, 'b', { body: { accept: true } }),
  ];

  it('answers each chat route as the table says (guest 401, non-participant 403, participant ok)', async () => {
    await expectAuthorizationTable({ guest, stranger, a, b }, chatRows());
  });

  it('says why a non-participant is refused', async () => {
    for (const path of [`/api/chats/${chatId}`, `/api/chats/${chatId}/messages`]) {
      const refused = await stranger.get(path);
      expect([refused.status, typeof refused.body.message]).toEqual([403, 'string']);
    }
  });

  it('unknown and malformed chat ids answer 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await a.get(`/api/chats/${id}`)).status).toBe(404);
      expect((await a.get(`/api/chats/${id}/messages`)).status).toBe(404);
      expect((await a.post(`/api/chats/${id}/messages`).send({ content: 'x' })).status).toBe(404);
      expect((await a.post(`/api/chats/${id}/respond`).send({ accept: true })).status).toBe(404);
      expect((await a.delete(`/api/chats/${id}`)).status).toBe(404);
    }
  });

  const ownRoutes: Array<[string, Call, number]> = [
    ['GET /chats', (c) => c.visit('/chats'), 200],
    ['GET /api/chats', (c) => c.get('/api/chats'), 200],
    ['GET /api/chats/filtered', (c) => c.get('/api/chats/filtered?type=requested&page=1'), 200],
    ['GET /api/chats/unread-count', (c) => c.get('/api/chats/unread-count'), 200],
    ['GET /api/chats/user/{userId}/ids', (c) => c.get(`/api/chats/user/${ua.id}/ids`), 200],
    ['POST /api/chats', (c) => c.post('/api/chats').send({ user_id: ua.id }), 200],
    ['GET /notifications', (c) => c.visit('/notifications'), 200],
    ['GET /api/notifications', (c) => c.get('/api/notifications'), 200],
    ['GET /api/notifications/count', (c) => c.get('/api/notifications/count'), 200],
    ['POST /notifications/mark-all-as-read', (c) => c.post('/notifications/mark-all-as-read'), 200],
  ];

  it.each(ownRoutes)('%s (guest refused, signed-in user gets their own data)', async (_name, call, ok) => {
    const asGuest = await call(guest);
    expect([401, 409, 302, 303]).toContain(asGuest.status);
    expect((await call(b)).status).toBe(ok);
  });

  it("another user's lists never show the chat", async () => {
    expect((await stranger.get('/api/chats')).body.data.total).toBe(0);
    expect((await stranger.get(`/api/chats/user/${ua.id}/ids`)).body).toEqual({ ids: [] });
    expect((await b.get(`/api/chats/user/${ua.id}/ids`)).body).toEqual({ ids: [chatId] });
    expect((await stranger.get('/api/chats/unread-count')).body.count).toBe(0);
  });

  it('POST /broadcasting/auth: chat channels for participants only (guest and non-participant 403)', async () => {
    for (const channel of [`private-chat.${chatId}`, `presence-chat.${chatId}`]) {
      expect((await guest.post('/broadcasting/auth').send({ socket_id: '1.1', channel_name: channel })).status).toBe(
        403,
      );
      expect((await stranger.post('/broadcasting/auth').send({ socket_id: '1.1', channel_name: channel })).status).toBe(
        403,
      );
      expect((await a.post('/broadcasting/auth').send({ socket_id: '1.1', channel_name: channel })).status).toBe(200);
    }
    const presence = await b
      .post('/broadcasting/auth')
      .send({ socket_id: '1.1', channel_name: `presence-chat.${chatId}` });
    expect(JSON.parse(presence.body.channel_data)).toEqual({
      user_id: ub.id,
      user_info: { id: ub.id, name: ub.name, handle: ub.handle, avatarUrl: null },
    });
  });

  it('real pusher-js subscriptions: refused for a non-participant, accepted for a participant, presence lists members', async () => {
    await expect(subscribe(connect(t, stranger, sockets), `private-chat.${chatId}`)).rejects.toThrow(
      'subscription refused',
    );
    await expect(subscribe(connect(t, stranger, sockets), `presence-chat.${chatId}`)).rejects.toThrow(
      'subscription refused',
    );
    await subscribe(connect(t, a, sockets), `private-chat.${chatId}`);
    await subscribe(connect(t, a, sockets), `presence-chat.${chatId}`);
    const bPresence = (await subscribe(connect(t, b, sockets), `presence-chat.${chatId}`)) as unknown as {
      members: { count: number; each(cb: (m: { id: string }) => void): void };
    };
    const ids: string[] = [];
    bPresence.members.each((m) => ids.push(m.id));
    expect(ids.sort()).toEqual([ua.id, ub.id].sort());
  });

  it('DELETE /api/chats/{id}: guest 401, non-participant 403, participant 200; afterwards the leaver is refused', async () => {
    expect((await guest.delete(`/api/chats/${chatId}`)).status).toBe(401);
    expect((await stranger.delete(`/api/chats/${chatId}`)).status).toBe(403);
    expect((await b.delete(`/api/chats/${chatId}`)).status).toBe(200);
    expect((await b.get(`/api/chats/${chatId}/messages`)).status).toBe(403);
    expect((await b.post(`/api/chats/${chatId}/messages`).send({ content: 'x' })).status).toBe(403);
    expect(
      (await b.post('/broadcasting/auth').send({ socket_id: '1.1', channel_name: `private-chat.${chatId}` })).status,
    ).toBe(403);
  });

  it('notifications: mark-as-read of another user’s notification is 403 (it exists, it is not theirs), guest 401', async () => {
    const n = await t.app.get(NotificationsService).notify(ua.id, { kind: 'system', title: 'x' });
    expect((await guest.post(`/notifications/${n.id}/mark-as-read`)).status).toBe(401);
    expect((await stranger.post(`/notifications/${n.id}/mark-as-read`)).status).toBe(403);
    expect((await a.post(`/notifications/${n.id}/mark-as-read`)).status).toBe(200);
  });
});
