import type Pusher from 'pusher-js';
import { bootChatApp, collect, connect, subscribe, waitFor } from './support';
import type { TestApp } from '../support/app';

/** Who is online in a chat (presence-chat.{id}) and typing through client events. */
describe('chat presence and typing', () => {
  let t: TestApp;
  const sockets: Pusher[] = [];
  beforeAll(async () => {
    t = await bootChatApp();
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
  afterAll(() => t?.close());

  it('lists participants online, announces joins, and relays typing whispers to the other participant', async () => {
    const { client: a, user: ua } = await t.signedIn();
    const { client: b, user: ub } = await t.signedIn();
    const id = (await a.post('/api/chats').send({ handle: `@${ub.handle}` })).body.chat.id as string;
    expect(id).toEqual(expect.any(String));

    const aChannel = (await subscribe(connect(t, a, sockets), `presence-chat.${id}`)) as ReturnType<
      Pusher['subscribe']
    > & {
      members: { count: number; get(id: string): { info: Record<string, unknown> } | null };
    };
    const joined = collect<{ id: string; info: Record<string, unknown> }>(aChannel, 'pusher:member_added');
    const typing = collect<{ id: string; name: string; typing: boolean }>(aChannel, 'client-typing');
    const bChannel = await subscribe(connect(t, b, sockets), `presence-chat.${id}`);
    await waitFor(() => joined.length === 1);
    expect(joined[0]).toEqual({ id: ub.id, info: { id: ub.id, name: ub.name, handle: ub.handle, avatarUrl: null } });
    expect(aChannel.members.count).toBe(2);
    expect(aChannel.members.get(ua.id)?.info.name).toBe(ua.name);

    bChannel.trigger('client-typing', { id: ub.id, name: ub.name, typing: true });
    await waitFor(() => typing.length === 1);
    expect(typing[0]).toEqual({ id: ub.id, name: ub.name, typing: true });
  });

  it('starting by handle: unknown handle is a 422 on the handle field', async () => {
    const { client } = await t.signedIn();
    const res = await client.post('/api/chats').send({ handle: '@nobody_here' });
    expect(res.status).toBe(422);
    expect(res.body.errors.handle).toEqual(['Nobody has that handle.']);
  });
});
