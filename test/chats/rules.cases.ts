import type Pusher from 'pusher-js';
import { makeProperty } from '../properties/helpers';
import { bootChatApp, collect, connect, connected, subscribe, waitFor } from './support';
import type { TestApp, TestClient } from '../support/app';
import type { User } from '../../src/modules/users/user.entity';

/** Spec 4 "Chat acceptance" and "New message", one rule per test, through the HTTP API. */
describe('chat rules (server)', () => {
  let t: TestApp;
  const sockets: Pusher[] = [];
  beforeAll(async () => {
    t = await bootChatApp();
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
  afterAll(() => t?.close());

  async function pair(): Promise<{ a: TestClient; b: TestClient; ua: User; ub: User }> {
    const { client: a, user: ua } = await t.signedIn();
    const { client: b, user: ub } = await t.signedIn();
    return { a, b, ua, ub };
  }
  const tab = async (c: TestClient, type: string) => (await c.get(`/api/chats/filtered?type=${type}&page=1`)).body.data;
  const ids = async (c: TestClient, type: string) => (await tab(c, type)).data.map((x: { id: string }) => x.id);
  const unread = async (c: TestClient) => (await c.get('/api/chats/unread-count')).body.count as number;
  async function start(a: TestClient, ub: User, message?: string): Promise<string> {
    const res = await a.post('/api/chats').send({ user_id: ub.id, message });
    expect([200, 201]).toContain(res.status);
    return res.body.chat.id;
  }
  async function accepted(): Promise<{ a: TestClient; b: TestClient; ua: User; ub: User; id: string }> {
    const p = await pair();
    const id = await start(p.a, p.ub, 'hi');
    expect((await p.b.post(`/api/chats/${id}/respond`).send({ accept: true })).status).toBe(200);
    await p.b.post(`/api/chats/${id}/read`);
    return { ...p, id };
  }
  const send = (c: TestClient, id: string, content: string) => c.post(`/api/chats/${id}/messages`).send({ content });

  it('an unaccepted chat created by someone else is in Requested, with the spec 3 fields', async () => {
    const { a, b, ua, ub } = await pair();
    const id = await start(a, ub);
    expect(await ids(b, 'requested')).toEqual([id]);
    expect(await ids(b, 'chats')).toEqual([]);
    const [chat] = (await tab(b, 'requested')).data;
    expect(chat).toEqual({
      id,
      type: 'direct',
      name: null,
      users: expect.arrayContaining([
        { id: ua.id, name: ua.name, handle: ua.handle, avatarUrl: null },
        expect.objectContaining({ id: ub.id }),
      ]),
      accepted: false,
      created_by_user_id: ua.id,
      last_message: null,
      last_message_at: null,
      created_at: expect.any(String),
      unread_count: 0,
      chat_settings: { user_id: ub.id, is_muted: false, is_blocked: false },
      left_by_users: [],
      is_request: true,
    });
  });

  it('the creator sees the unaccepted chat in the main list', async () => {
    const { a, ub } = await pair();
    const id = await start(a, ub);
    expect(await ids(a, 'chats')).toEqual([id]);
    expect(await ids(a, 'requested')).toEqual([]);
  });

  it('starting again with the same user reuses the open chat', async () => {
    const { a, b, ua, ub } = await pair();
    const id = await start(a, ub);
    const again = await a.post('/api/chats').send({ user_id: ub.id });
    expect(again.status).toBe(200);
    expect(again.body.chat.id).toBe(id);
    expect((await b.post('/api/chats').send({ user_id: ua.id })).body.chat.id).toBe(id);
    expect((await a.post('/api/chats').send({ user_id: ua.id })).status).toBe(422);
  });

  it('accepting moves it to the accepted list (both sides)', async () => {
    const { a, b, ub } = await pair();
    const id = await start(a, ub, 'hello');
    const res = await b.post(`/api/chats/${id}/respond`).send({ accept: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', chat: { id, accepted: true, is_request: false } });
    expect(await ids(b, 'chats')).toEqual([id]);
    expect(await ids(b, 'requested')).toEqual([]);
    expect((await tab(a, 'chats')).data[0].accepted).toBe(true);
  });

  it('declining removes it (for both)', async () => {
    const { a, b, ub } = await pair();
    const id = await start(a, ub, 'hello');
    const res = await b.post(`/api/chats/${id}/respond`).send({ accept: false });
    expect(res.body).toEqual({ status: 'success', chat: null });
    expect(await ids(b, 'requested')).toEqual([]);
    expect(await ids(a, 'chats')).toEqual([]);
    expect((await a.get(`/api/chats/${id}`)).status).toBe(404);
  });

  it('respond answers 403 with a message for the creator and for a non-participant', async () => {
    const { a, ub } = await pair();
    const id = await start(a, ub);
    const own = await a.post(`/api/chats/${id}/respond`).send({ accept: true });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot respond to a chat request you started.');
    const { client: stranger } = await t.signedIn();
    const other = await stranger.post(`/api/chats/${id}/respond`).send({ accept: true });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You are not a participant in this chat.');
    expect((await a.post(`/api/chats/${id}/respond`).send({})).status).toBe(422);
  });

  it('Muted tab follows the user’s chat_settings (toggle-mute answers is_muted)', async () => {
    const { b, id } = await accepted();
    const on = await b.post(`/api/chats/${id}/toggle-mute`);
    expect(on.body).toEqual({ is_muted: true });
    expect(await ids(b, 'muted')).toEqual([id]);
    expect(await ids(b, 'chats')).toEqual([]);
    expect((await tab(b, 'muted')).data[0].chat_settings).toMatchObject({ is_muted: true, is_blocked: false });
    expect((await b.post(`/api/chats/${id}/toggle-mute`)).body).toEqual({ is_muted: false });
    expect(await ids(b, 'chats')).toEqual([id]);
  });

  it('Blocked tab follows the user’s chat_settings (toggle-block answers is_blocked), only for that user', async () => {
    const { a, b, id } = await accepted();
    expect((await b.post(`/api/chats/${id}/toggle-block`)).body).toEqual({ is_blocked: true });
    expect(await ids(b, 'blocked')).toEqual([id]);
    expect(await ids(b, 'chats')).toEqual([]);
    expect(await ids(a, 'chats')).toEqual([id]);
    expect((await b.post(`/api/chats/${id}/toggle-block`)).body).toEqual({ is_blocked: false });
    expect(await ids(b, 'blocked')).toEqual([]);
  });

  it('a blocked user’s messages are not delivered to the blocker (no counter, no history, no live event)', async () => {
    const { a, b, ub, id } = await accepted();
    const live = await subscribe(connect(t, b, sockets), `private-App.Models.User.${ub.id}`);
    const seen = collect<{ message: { content: string } }>(live, 'message.sent');
    await b.post(`/api/chats/${id}/toggle-block`);
    expect((await send(a, id, 'you cannot see this')).status).toBe(201);
    expect(await unread(b)).toBe(0);
    const history = await b.get(`/api/chats/${id}/messages`);
    expect(history.body.data.map((m: { content: string }) => m.content)).not.toContain('you cannot see this');
    expect((await a.get(`/api/chats/${id}/messages`)).body.data.map((m: { content: string }) => m.content)).toContain(
      'you cannot see this',
    );
    // Unblocked: later messages arrive again, the blocked one stays undelivered.
    await b.post(`/api/chats/${id}/toggle-block`);
    await send(a, id, 'after unblock');
    // The later message is the sentinel: events arrive in order, so a delivered blocked one would be seen first.
    await waitFor(() => seen.some((e) => e.message.content === 'after unblock'));
    expect(seen.map((e) => e.message.content)).toEqual(['after unblock']);
    expect(await unread(b)).toBe(1);
    expect((await b.get(`/api/chats/${id}/messages`)).body.data.map((m: { content: string }) => m.content)).toEqual([
      'hi',
      'after unblock',
    ]);
  });

  it('leaving a chat keeps the history for the others', async () => {
    const { a, b, ua, id } = await accepted();
    await send(b, id, 'from b');
    const res = await a.delete(`/api/chats/${id}`);
    expect(res.body).toEqual({ status: 'success', deleted: false });
    expect(await ids(a, 'chats')).toEqual([]);
    expect((await a.get(`/api/chats/${id}/messages`)).status).toBe(403);
    const chat = (await b.get(`/api/chats/${id}`)).body.chat;
    expect(chat.left_by_users).toEqual([ua.id]);
    expect(chat.messages.map((m: { content: string; type: string }) => [m.type, m.content])).toEqual([
      ['text', 'hi'],
      ['text', 'from b'],
      ['system', `${ua.name} left the chat`],
    ]);
    expect((await send(b, id, 'anyone?')).status).toBe(403);
    // The last one out deletes it.
    expect((await b.delete(`/api/chats/${id}`)).body).toEqual({ status: 'success', deleted: true });
  });

  it('a new message on an unaccepted chat creates a request with unread count 1', async () => {
    const { a, b, ub } = await pair();
    const id = await start(a, ub);
    await send(a, id, 'one');
    await send(a, id, 'two');
    const [chat] = (await tab(b, 'requested')).data;
    expect(chat).toMatchObject({ id, unread_count: 1, last_message: { content: 'two' } });
    expect(await unread(b)).toBe(1);
    expect((await send(b, id, 'reply before accepting')).status).toBe(403);
  });

  it('otherwise the last message is updated and the chat moves to the top', async () => {
    const { a, b, ub, id } = await accepted();
    const second = await start(a, await t.createUser());
    expect((await ids(a, 'chats'))[0]).toBe(second);
    await send(b, id, 'newest');
    const list = (await tab(a, 'chats')).data;
    expect(list[0]).toMatchObject({ id, last_message: { content: 'newest', user_id: ub.id } });
    expect(list[0].last_message_at).toBe(list[0].last_message.created_at);
    expect(list.map((c: { id: string }) => c.id)).toEqual([id, second]);
  });

  it('the counter rises for a message from another user', async () => {
    const { a, b, id } = await accepted();
    await send(a, id, 'x');
    await send(a, id, 'y');
    expect(await unread(b)).toBe(2);
    expect((await tab(b, 'chats')).data[0].unread_count).toBe(2);
  });

  it('the counter does not rise for the user’s own message', async () => {
    const { a, id } = await accepted();
    await send(a, id, 'mine');
    expect(await unread(a)).toBe(0);
  });

  it('the counter does not rise in a muted chat', async () => {
    const { a, b, id } = await accepted();
    await b.post(`/api/chats/${id}/toggle-mute`);
    await send(a, id, 'shh');
    expect(await unread(b)).toBe(0);
    expect((await tab(b, 'muted')).data[0]).toMatchObject({ unread_count: 0, last_message: { content: 'shh' } });
  });

  it('the counter does not rise in a blocked chat', async () => {
    const { a, b, id } = await accepted();
    await b.post(`/api/chats/${id}/toggle-block`);
    await send(a, id, 'blocked');
    expect(await unread(b)).toBe(0);
  });

  it('the counter does not rise for a participant who has the chat open (in presence-chat.{id})', async () => {
    const { a, b, ub, id } = await accepted();
    // The other participant watches the chat's presence, to see the moment the server notices b has left.
    const watcherSockets: Pusher[] = [];
    const watching = await subscribe(connect(t, a, watcherSockets), `presence-chat.${id}`);
    const left = collect<{ id: string }>(watching, 'pusher:member_removed');
    await subscribe(connect(t, b, sockets), `presence-chat.${id}`);
    await send(a, id, 'while you look');
    expect(await unread(b)).toBe(0);
    expect((await tab(b, 'chats')).data[0]).toMatchObject({
      unread_count: 0,
      last_message: { content: 'while you look' },
    });
    sockets.splice(0).forEach((s) => s.disconnect());
    await waitFor(() => left.some((member) => member.id === ub.id), 10_000);
    await send(a, id, 'after you closed it');
    expect(await unread(b)).toBe(1);
    watcherSockets.forEach((s) => s.disconnect());
  });

  it('the chat open on the chats page is marked read (counter back to 0, read state pushed on the chat channel)', async () => {
    const { a, b, ua, ub, id } = await accepted();
    const channel = await subscribe(connect(t, a, sockets), `private-chat.${id}`);
    const reads = collect<{ chat_id: string; user_id: string }>(channel, 'chat.read');
    await send(a, id, 'seen');
    expect(await unread(b)).toBe(1);
    const res = await b.post(`/api/chats/${id}/read`);
    expect(res.body).toMatchObject({ chat_id: id, unread_count: 0 });
    expect(await unread(b)).toBe(0);
    await waitFor(() => reads.length === 1);
    expect(reads[0]).toMatchObject({ chat_id: id, user_id: ub.id });
    void ua;
  });

  it('delivers message.sent live to the other participant, not back to the sending socket', async () => {
    const { a, b, ua, ub, id } = await accepted();
    const pa = connect(t, a, sockets);
    const aSocket = await connected(pa);
    const aChannel = await subscribe(pa, `private-App.Models.User.${ua.id}`);
    const bChannel = await subscribe(connect(t, b, sockets), `private-App.Models.User.${ub.id}`);
    const toA = collect(aChannel, 'message.sent');
    const toB = collect<{
      chat_id: string;
      message: { content: string; user: { id: string } };
      chat: { accepted: boolean };
    }>(bChannel, 'message.sent');
    const res = await a
      .post(`/api/chats/${id}/messages`)
      .set('X-Socket-Id', aSocket)
      .send({ content: 'live!', client_id: 'c1' });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({
      chat_id: id,
      content: 'live!',
      type: 'text',
      user_id: ua.id,
      client_id: 'c1',
    });
    await waitFor(() => toB.length === 1);
    expect(toB[0]).toMatchObject({
      chat_id: id,
      message: { content: 'live!', user: { id: ua.id } },
      chat: { accepted: true },
    });
    // Sentinel: a message sent without the socket id reaches the sender's socket too; had 'live!' come back to it,
    // it would have arrived first.
    await a.post(`/api/chats/${id}/messages`).send({ content: 'sentinel', client_id: 'c2' });
    await waitFor(
      () => toA.length > 0 && (toA.at(-1) as { message: { content: string } }).message.content === 'sentinel',
    );
    expect(toA.map((e) => (e as { message: { content: string } }).message.content)).toEqual(['sentinel']);
  });

  it('pushes chat.created and chat.request.answered, and notifies the invitee', async () => {
    const { a, b, ua, ub } = await pair();
    const aChannel = await subscribe(connect(t, a, sockets), `private-App.Models.User.${ua.id}`);
    const bChannel = await subscribe(connect(t, b, sockets), `private-App.Models.User.${ub.id}`);
    const created = collect<{ chat: { id: string } }>(bChannel, 'chat.created');
    const notified = collect<{ notification: { kind: string } }>(bChannel, 'notification.created');
    const answered = collect<{ accepted: boolean; chat_id: string }>(aChannel, 'chat.request.answered');
    const id = await start(a, ub);
    await waitFor(() => created.length === 1 && notified.length === 1);
    expect(created[0].chat.id).toBe(id);
    expect(notified[0].notification.kind).toBe('chat_request');
    await b.post(`/api/chats/${id}/respond`).send({ accept: true });
    await waitFor(() => answered.length === 1);
    expect(answered[0]).toMatchObject({ chat_id: id, accepted: true });
  });

  it('pages history newest page first, and by cursor for scrolling up', async () => {
    const { a, b, id } = await accepted();
    for (let i = 0; i < 34; i += 1) await send(a, id, `m${i}`);
    const first = await b.get(`/api/chats/${id}/messages?per_page=10`);
    expect(first.body).toMatchObject({ current_page: 1, per_page: 10, total: 35, last_page: 4, has_more: true });
    expect(first.body.data.map((m: { content: string }) => m.content)).toEqual([
      'm24',
      'm25',
      'm26',
      'm27',
      'm28',
      'm29',
      'm30',
      'm31',
      'm32',
      'm33',
    ]);
    const older = await b.get(`/api/chats/${id}/messages?per_page=10&before=${first.body.data[0].id}`);
    expect(older.body.data[9].content).toBe('m23');
    const page4 = await b.get(`/api/chats/${id}/messages?per_page=10&page=4`);
    expect(page4.body.data.map((m: { content: string }) => m.content)).toEqual(['hi', 'm0', 'm1', 'm2', 'm3']);
    expect(page4.body.has_more).toBe(false);
  });

  it('sends images through the storage service and listing cards with a snapshot', async () => {
    const { a, b, id } = await accepted();
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const img = await a
      .post(`/api/chats/${id}/messages/image`)
      .attach('image', png, 'room.png')
      .field('content', 'look');
    expect(img.status).toBe(201);
    expect(img.body.message).toMatchObject({
      type: 'image',
      content: 'look',
      data: { image: { url: expect.stringMatching(new RegExp(`^/media/chats/${id}/`)), width: 40, height: 30 } },
    });
    expect((await b.get(img.body.message.data.image.thumb_url)).status).toBe(200);
    const { client: stranger } = await t.signedIn();
    expect([403, 404]).toContain((await stranger.get(img.body.message.data.image.url)).status);
    const bad = await a.post(`/api/chats/${id}/messages/image`).attach('image', Buffer.from('not an image'), 'x.png');
    expect(bad.status).toBe(422);

    // The card comes from the listing itself: whatever title, image or link the sender supplies is ignored.
    const { client: realtor } = await t.signedIn({ type: 'realtor' });
    const property = await makeProperty(realtor, { name: '12 Oak St', price: '500000' });
    const listing = await a.post(`/api/chats/${id}/messages`).send({
      type: 'listing',
      listing_id: property.listing.id,
      listing: { title: 'Free money', image_url: 'https://evil.example/pixel.png', url: '/\\evil.example/phish' },
    });
    expect(listing.status).toBe(201);
    expect(listing.body.message).toMatchObject({
      type: 'listing',
      data: {
        listing_id: property.listing.id,
        listing: { title: '12 Oak St', price: '$500,000', url: `/listing/${property.listing.id}` },
      },
    });
    expect(listing.body.message.data.listing.image_url ?? '').not.toMatch(/evil/);
    const unknown = await a
      .post(`/api/chats/${id}/messages`)
      .send({ type: 'listing', listing_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(422);
    const draft = await makeProperty(realtor, { name: 'Hidden draft' }, false);
    const invisible = await a.post(`/api/chats/${id}/messages`).send({ type: 'listing', listing_id: draft.listing.id });
    expect(invisible.status).toBe(422);
  });

  it('validates messages (empty, too long)', async () => {
    const { a, id } = await accepted();
    expect((await send(a, id, '   ')).status).toBe(422);
    expect((await send(a, id, 'x'.repeat(5001))).status).toBe(422);
  });

  it('group chats: each invitee answers for themself; the name and members are shown', async () => {
    const { client: a, user: ua } = await t.signedIn();
    const { client: b, user: ub } = await t.signedIn();
    const { client: c, user: uc } = await t.signedIn();
    const res = await a
      .post('/api/chats')
      .send({ user_ids: [ub.id, uc.id], name: 'Open house crew', message: 'Welcome!' });
    expect(res.status).toBe(201);
    const id = res.body.chat.id;
    expect(res.body.chat).toMatchObject({ type: 'group', name: 'Open house crew', created_by_user_id: ua.id });
    expect(res.body.chat.users).toHaveLength(3);
    expect(await ids(b, 'requested')).toEqual([id]);
    expect(await ids(c, 'requested')).toEqual([id]);
    await b.post(`/api/chats/${id}/respond`).send({ accept: true });
    expect(await ids(b, 'chats')).toEqual([id]);
    expect(await ids(c, 'requested')).toEqual([id]);
    // Declining a group request leaves it; the others keep the chat.
    await c.post(`/api/chats/${id}/respond`).send({ accept: false });
    expect(await ids(c, 'requested')).toEqual([]);
    expect((await b.get(`/api/chats/${id}`)).body.chat.left_by_users).toEqual([uc.id]);
  });
});
