import PusherServerSdk from 'pusher';
import Pusher from 'pusher-js';
import { Broadcaster } from '../../src/modules/realtime/broadcaster.service';
import { bootTestApp, type TestApp, type TestClient } from '../support/app';
import { pusherFor as connectAs } from '../support/realtime';

/** The whole app: session login, POST /broadcasting/auth, WebSockets and the HTTP API on the app's port. */
describe('real-time in the booted app', () => {
  let t: TestApp;
  const sockets: Pusher[] = [];

  beforeAll(async () => {
    t = await bootTestApp({ BROADCAST_KEY: 'app-key', BROADCAST_SECRET: 'app-secret', BROADCAST_APP_ID: 'app-1' });
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
  afterAll(() => t?.close());

  const port = () => Number(new URL(t.baseUrl).port);
  const pusherFor = (client: TestClient) => connectAs(t, client, sockets);
  /** The official server SDK aimed at the app's port, signing with `secret`. */
  const sdkOnApp = (secret = 'app-secret') =>
    new PusherServerSdk({
      appId: 'app-1',
      key: 'app-key',
      secret,
      host: '127.0.0.1',
      port: String(port()),
      useTLS: false,
    });

  it('serves WebSockets and the Pusher HTTP API on the app port, ahead of sessions and CSRF', async () => {
    const guest = await t.client();
    const pusher = pusherFor(guest);
    const channel = pusher.subscribe('listings');
    await new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
    const viaBroadcaster = new Promise((resolve) => channel.bind('listing.published', resolve));
    await t.app.get(Broadcaster).broadcast('listings', 'listing.published', { slug: 'a' });
    expect(await viaBroadcaster).toEqual({ slug: 'a' });

    const viaApi = new Promise((resolve) => channel.bind('listing.updated', resolve));
    const sdk = sdkOnApp();
    await sdk.trigger('listings', 'listing.updated', { slug: 'b' });
    expect(await viaApi).toEqual({ slug: 'b' });
    const forged = sdkOnApp('wrong');
    await expect(forged.trigger('listings', 'x', {})).rejects.toMatchObject({ status: 401 });
  });

  it('answers 403 to guests and for channels the rule refuses, {auth} for the owner', async () => {
    const guest = await t.client();
    const refused = await guest
      .post('/broadcasting/auth')
      .send({ socket_id: '1.2', channel_name: 'private-App.Models.User.x' });
    expect(refused.status).toBe(403);

    const { client, user } = await t.signedIn();
    const own = await client
      .post('/broadcasting/auth')
      .type('form')
      .send({ socket_id: '123.456', channel_name: `private-App.Models.User.${user.id}` });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ auth: expect.stringMatching(/^app-key:[0-9a-f]{64}$/) });

    const other = await client
      .post('/broadcasting/auth')
      .send({ socket_id: '123.456', channel_name: 'private-App.Models.User.someone-else' });
    expect(other.status).toBe(403);
    expect(other.body.message).toEqual(expect.any(String));

    const unknown = await client
      .post('/broadcasting/auth')
      .send({ socket_id: '123.456', channel_name: 'private-nothing.1' });
    expect(unknown.status).toBe(403);
  });

  it('lets a signed-in browser subscribe on the app port and receive what the Broadcaster and the HTTP API send', async () => {
    const { client, user } = await t.signedIn();
    const pusher = pusherFor(client);
    const channelName = `private-App.Models.User.${user.id}`;
    const channel = pusher.subscribe(channelName);
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
    });

    const viaBroadcaster = new Promise((resolve) => channel.bind('App\\Events\\NotificationCreated', resolve));
    await t.app.get(Broadcaster).broadcast(channelName, 'NotificationCreated', { id: 'n1' });
    expect(await viaBroadcaster).toEqual({ id: 'n1' });

    const viaApi = new Promise((resolve) => channel.bind('design.progress', resolve));
    const sdk = sdkOnApp();
    await sdk.trigger(channelName, 'design.progress', { progress: 5 });
    expect(await viaApi).toEqual({ progress: 5 });
  });
});
