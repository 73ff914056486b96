import type Pusher from 'pusher-js';
import { ChannelRegistry } from '../../src/modules/realtime/channel-registry.service';
import { bootTestApp, TestApp } from '../support/app';
import { pusherFor, subscribe } from '../support/realtime';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('real-time limits', () => {
  let t: TestApp;
  const sockets: Pusher[] = [];
  beforeAll(async () => {
    t = await bootTestApp({ BROADCAST_ENCRYPTION_MASTER_KEY: '' });
    const registry = t.app.get(ChannelRegistry);
    registry.register('room.{id}', (user) => ({ id: user.id, name: user.name }));
    registry.register('vault.{id}', () => true);
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.disconnect()));
  afterAll(() => t.close());

  it('refuses private-encrypted channels clearly when no master key is configured', async () => {
    const { client } = await t.signedIn();
    const res = await client
      .post('/broadcasting/auth')
      .send({ socket_id: '123.456', channel_name: 'private-encrypted-vault.1' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/no encryption master key is configured/);
    // The same rule signs the plain private channel.
    const plain = await client
      .post('/broadcasting/auth')
      .send({ socket_id: '123.456', channel_name: 'private-vault.1' });
    expect(plain.status).toBe(200);
  });

  it('limits client events per user, not per socket: five sockets of one user send no more than one', async () => {
    const { client: senderClient } = await t.signedIn();
    const { client: listenerClient } = await t.signedIn();
    const listener = pusherFor(t, listenerClient, sockets);
    const received: unknown[] = [];
    (await subscribe(listener, 'presence-room.1')).bind('client-ping', (data: unknown) => received.push(data));

    const senders = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const pusher = pusherFor(t, senderClient, sockets);
        return subscribe(pusher, 'presence-room.1');
      }),
    );
    const limit = 10; // per second, the protocol default
    for (const channel of senders) for (let i = 0; i < limit; i += 1) channel.trigger('client-ping', { i });
    await sleep(500);
    // One user's budget (plus what refills in half a second), not five sockets' worth.
    expect(received.length).toBeGreaterThanOrEqual(limit);
    expect(received.length).toBeLessThanOrEqual(limit + 6);
  });
});
