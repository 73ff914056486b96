import PusherServerSdk from 'pusher';
import type Pusher from 'pusher-js';
import {
  APP,
  MASTER_KEY,
  connectPusher,
  connected,
  disconnectAll,
  nextEvent,
  recordEvents,
  sleep,
  startNode,
  subscribed,
  type RealtimeNode,
} from './support/harness';

/** pusher-js 8 (node build) against our server: every channel kind end to end. */
describe('realtime channels with pusher-js', () => {
  let node: RealtimeNode;
  let sdk: PusherServerSdk;
  const clients: Pusher[] = [];
  const client = (...args: Parameters<typeof connectPusher>) => {
    const c = connectPusher(...args);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    node = await startNode();
    sdk = new PusherServerSdk({
      ...APP,
      host: '127.0.0.1',
      port: String(node.port),
      useTLS: false,
      encryptionMasterKeyBase64: MASTER_KEY,
    });
  });
  afterEach(() => disconnectAll(...clients.splice(0)));
  afterAll(() => node.close());

  it('establishes a protocol 7 connection with a "123.456" socket id', async () => {
    const pusher = client(node.port);
    const socketId = await connected(pusher);
    expect(socketId).toMatch(/^\d+\.\d+$/);
  });

  it('delivers on a public channel', async () => {
    const pusher = client(node.port);
    await connected(pusher);
    await subscribed(pusher, 'listings');
    const received = nextEvent(pusher, 'listings', 'listing.updated');
    await node.server.publish(['listings'], 'listing.updated', { id: 7 });
    expect(await received).toEqual({ id: 7 });
  });

  it('authorizes a private channel by signature and delivers on it', async () => {
    const pusher = client(node.port);
    await connected(pusher);
    await subscribed(pusher, 'private-design.42');
    const received = nextEvent(pusher, 'private-design.42', 'design.progress');
    await sdk.trigger('private-design.42', 'design.progress', { progress: 50 });
    expect(await received).toEqual({ progress: 50 });
  });

  it('refuses a private channel when the signature is for another socket', async () => {
    const pusher = client(node.port, undefined, {
      channelAuthorization: {
        endpoint: '/unused',
        transport: 'ajax',
        customHandler: (_p: unknown, cb: (e: null, d: { auth: string }) => void) =>
          cb(null, { auth: `${APP.key}:${'0'.repeat(64)}` }),
      },
    });
    await connected(pusher);
    const failure = subscribed(pusher, 'private-design.43');
    await expect(failure).rejects.toMatchObject({ detail: { type: 'AuthError', status: 401 } });
    const seen = recordEvents(pusher, 'private-design.43');
    await node.server.publish(['private-design.43'], 'design.progress', {});
    await sleep(100);
    expect(seen.filter((e) => e.event === 'design.progress')).toHaveLength(0);
  });

  it('decrypts payloads on private-encrypted channels with the derived shared secret', async () => {
    const pusher = client(node.port);
    await connected(pusher);
    await subscribed(pusher, 'private-encrypted-chat.9');
    const received = nextEvent(pusher, 'private-encrypted-chat.9', 'message.sent');
    await sdk.trigger('private-encrypted-chat.9', 'message.sent', { body: 'secret hello' });
    expect(await received).toEqual({ body: 'secret hello' });
  });

  it('sends client events to other subscribers but never back to the sender', async () => {
    const alice = client(node.port, { id: 'a', name: 'Alice' });
    const bob = client(node.port, { id: 'b', name: 'Bob' });
    await Promise.all([connected(alice), connected(bob)]);
    await Promise.all([subscribed(alice, 'private-chat.1'), subscribed(bob, 'private-chat.1')]);
    const aliceSeen = recordEvents(alice, 'private-chat.1');
    const bobGets = nextEvent(bob, 'private-chat.1', 'client-typing');
    alice.channel('private-chat.1').trigger('client-typing', { typing: true });
    expect(await bobGets).toEqual({ typing: true });
    await sleep(100);
    expect(aliceSeen.filter((e) => e.event === 'client-typing')).toHaveLength(0);
  });

  it('excludes the socket named by socket_id (toOthers)', async () => {
    const alice = client(node.port);
    const bob = client(node.port);
    const [aliceSocket] = await Promise.all([connected(alice), connected(bob)]);
    await Promise.all([subscribed(alice, 'feed'), subscribed(bob, 'feed')]);
    const aliceSeen = recordEvents(alice, 'feed');
    const bobGets = nextEvent(bob, 'feed', 'posted');
    await sdk.trigger('feed', 'posted', { n: 1 }, { socket_id: aliceSocket });
    expect(await bobGets).toEqual({ n: 1 });
    await sleep(100);
    expect(aliceSeen.filter((e) => e.event === 'posted')).toHaveLength(0);
  });

  it('answers client pings with pongs', async () => {
    const pusher = client(node.port);
    await connected(pusher);
    const pong = new Promise<void>((resolve) =>
      pusher.connection.bind('message', (m: { event: string }) => m.event === 'pusher:pong' && resolve()),
    );
    pusher.connection.send_event('pusher:ping', {});
    await pong;
  });
});
