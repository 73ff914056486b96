import { RawClient, signer, startNode, type RealtimeNode } from './support/harness';

/** Raw frames: the protocol's error codes, as a hand-written client sees them. */
describe('protocol errors on raw frames', () => {
  let node: RealtimeNode;
  const sockets: RawClient[] = [];
  const open = (...args: Parameters<typeof RawClient.open>) => {
    const raw = RawClient.open(...args);
    sockets.push(raw);
    return raw;
  };

  beforeAll(async () => {
    node = await startNode({
      maxMessageSize: 1000,
      maxConnections: 3,
      allowedOrigins: ['app.reelty.test', '*.reelty.test'],
      clientEventLimit: { max: 2, perMs: 60_000 },
    });
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => node.close());

  const errorOf = (raw: RawClient) => raw.waitFor((f) => f.event === 'pusher:error');

  it('refuses an unknown app key with 4001 and closes with 4001', async () => {
    const raw = open(node.port, '/app/nope?protocol=7');
    expect((await errorOf(raw)).data).toEqual({ code: 4001, message: 'Application does not exist' });
    expect(await raw.waitForClose()).toBe(4001);
  });

  it('refuses an origin outside the allowed list with 4009', async () => {
    const raw = open(node.port, undefined, { Origin: 'https://evil.example' });
    expect((await errorOf(raw)).data.code).toBe(4009);
    expect(await raw.waitForClose()).toBe(4009);
    const allowed = open(node.port, undefined, { Origin: 'https://eu.reelty.test' });
    await allowed.established();
  });

  it('answers an oversize message with 4009 "Maximum message size exceeded" and keeps the socket', async () => {
    const raw = open(node.port);
    await raw.established();
    raw.send('pusher:subscribe', { channel: 'big', channel_data: 'x'.repeat(2000) });
    expect((await errorOf(raw)).data).toEqual({ code: 4009, message: 'Maximum message size exceeded' });
    raw.send('pusher:subscribe', { channel: 'small' });
    await raw.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === 'small');
  });

  it('rejects client events on public channels with 4301', async () => {
    const raw = open(node.port);
    await raw.established();
    raw.send('pusher:subscribe', { channel: 'public-room' });
    await raw.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded');
    raw.send('client-hello', { hi: 1 }, 'public-room');
    expect((await errorOf(raw)).data).toMatchObject({
      code: 4301,
      message: expect.stringContaining('private and presence'),
    });
  });

  it('rejects client events on a channel the socket has not subscribed to', async () => {
    const raw = open(node.port);
    await raw.established();
    raw.send('client-hello', { hi: 1 }, 'private-elsewhere');
    expect((await errorOf(raw)).data).toMatchObject({ code: 4301, message: expect.stringContaining('not subscribed') });
  });

  it('rate limits client events per socket with 4301', async () => {
    const raw = open(node.port);
    const socketId = await raw.established();
    raw.send('pusher:subscribe', { channel: 'private-room', ...signer.sign(socketId, 'private-room') });
    await raw.waitFor((f) => f.event === 'pusher_internal:subscription_succeeded');
    for (let i = 0; i < 3; i += 1) raw.send('client-ping', { i }, 'private-room');
    expect((await errorOf(raw)).data).toEqual({ code: 4301, message: 'Client event rejected due to rate limit' });
  });

  it('answers a bad private signature with pusher:subscription_error', async () => {
    const raw = open(node.port);
    await raw.established();
    raw.send('pusher:subscribe', { channel: 'private-x', auth: 'test-key:bad' });
    const error = await raw.waitFor((f) => f.event === 'pusher:subscription_error');
    expect(error).toMatchObject({ channel: 'private-x', data: { type: 'AuthError', status: 401 } });
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const raw = open(node.port);
    await raw.established();
    raw.send('pusher:ping', {});
    await raw.waitFor((f) => f.event === 'pusher:pong');
  });

  it('closes connections over the quota with 4004', async () => {
    while (node.server.connectionCount() > 0) await new Promise((r) => setTimeout(r, 10)); // earlier tests' sockets
    const held = [open(node.port), open(node.port), open(node.port)];
    await Promise.all(held.map((s) => s.established()));
    const extra = open(node.port);
    expect((await errorOf(extra)).data.code).toBe(4004);
    expect(await extra.waitForClose()).toBe(4004);
  });

  it('tells clients to reconnect (4200) when the server shuts down', async () => {
    const other = await startNode();
    const raw = RawClient.open(other.port);
    await raw.established();
    await other.close();
    expect(await raw.waitForClose()).toBe(4200);
  });
});
