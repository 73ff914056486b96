import { ForbiddenException } from '@nestjs/common';
import type EchoClass from 'laravel-echo' with { 'resolution-mode': 'import' };
import Pusher from 'pusher-js';
import type { AppConfig } from '../../src/config/app-config';
import type { User } from '../../src/modules/users/user.entity';
import { Broadcaster } from '../../src/modules/realtime/broadcaster.service';
import { ChannelAuthorizationService } from '../../src/modules/realtime/channel-authorization.service';
import { ChannelRegistry } from '../../src/modules/realtime/channel-registry.service';
import { BuiltinBroadcastDriver } from '../../src/modules/realtime/drivers/builtin.driver';
import { wireEventName } from '../../src/modules/realtime/event-name';
import { socketIdFrom } from '../../src/modules/realtime/socket-id';
import { UserChannelRules } from '../../src/modules/realtime/user-channel.rules';
import { APP, MASTER_KEY, sleep, startNode, type RealtimeNode } from './support/harness';

// laravel-echo's types are ESM-only for TypeScript; Jest loads its CommonJS build at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Echo = (require('laravel-echo') as { default: typeof EchoClass }).default;
type Echo<T extends 'reverb'> = EchoClass<T>;

const ada = { id: '11111111-1111-4111-8111-111111111111', name: 'Ada' } as User;
const bob = { id: '22222222-2222-4222-8222-222222222222', name: 'Bob' } as User;
const config = { broadcasting: { ...APP, encryptionMasterKeyBase64: MASTER_KEY } } as unknown as AppConfig;

/**
 * laravel-echo 2 (broadcaster 'reverb') in Node against the built-in server, authorized by the
 * same service POST /broadcasting/auth runs, fed by the Broadcaster service.
 */
describe('laravel-echo + Broadcaster + channel rules', () => {
  let node: RealtimeNode;
  let broadcaster: Broadcaster;
  let authorization: ChannelAuthorizationService;
  const echos: Echo<'reverb'>[] = [];

  function echoFor(user: User): Echo<'reverb'> {
    const echo = new Echo({
      broadcaster: 'reverb',
      key: APP.key,
      wsHost: '127.0.0.1',
      wsPort: node.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      Pusher,
      authorizer: (channel: { name: string }) => ({
        authorize: (socketId: string, callback: (error: Error | null, data: unknown) => void) => {
          authorization.authorize(user, socketId, channel.name).then(
            (data) => callback(null, data),
            (error: Error) => callback(error, null),
          );
        },
      }),
    } as never) as unknown as Echo<'reverb'>;
    echos.push(echo);
    return echo;
  }

  const connectedEcho = async (user: User) => {
    const echo = echoFor(user);
    const pusher = echo.connector.pusher as Pusher;
    await new Promise<void>((resolve) =>
      pusher.connection.state === 'connected' ? resolve() : pusher.connection.bind('connected', () => resolve()),
    );
    return echo;
  };

  const subscribedTo = (channel: { subscribed(cb: () => void): unknown; error(cb: (e: unknown) => void): unknown }) =>
    new Promise<void>((resolve, reject) => {
      channel.subscribed(() => resolve());
      channel.error((error) => reject(Object.assign(new Error('subscription refused'), { detail: error })));
    });

  beforeAll(async () => {
    node = await startNode();
    const registry = new ChannelRegistry();
    new UserChannelRules(registry).onModuleInit();
    registry.register('design.{id}', (user, { id }) => user.id === ada.id && id === '1');
    registry.register('chat.{id}', (user) => [ada.id, bob.id].includes(user.id) && { id: user.id, name: user.name });
    registry.register('secret.{id}', (user) => user.id === ada.id);
    authorization = new ChannelAuthorizationService(registry, config);
    broadcaster = new Broadcaster(new BuiltinBroadcastDriver(node.server, MASTER_KEY));
  });
  afterEach(() => echos.splice(0).forEach((echo) => echo.disconnect()));
  afterAll(() => node.close());

  it('delivers custom (dot) and class-style (App.Events) event names on a private channel', async () => {
    const echo = await connectedEcho(ada);
    const channel = echo.private('design.1');
    await subscribedTo(channel);
    const progress = new Promise((resolve) => channel.listen('.design.progress', resolve));
    const generated = new Promise((resolve) => channel.listen('DesignGenerated', resolve));
    await broadcaster.broadcast('private-design.1', 'design.progress', { design_id: 1, progress: 40 });
    await broadcaster.broadcast('private-design.1', 'DesignGenerated', { design_id: 1 });
    expect(await progress).toEqual({ design_id: 1, progress: 40 });
    expect(await generated).toEqual({ design_id: 1 });
  });

  it("refuses another user's private channel", async () => {
    const echo = await connectedEcho(bob);
    await expect(subscribedTo(echo.private('design.1'))).rejects.toThrow('subscription refused');
    await expect(subscribedTo(echo.private(`App.Models.User.${ada.id}`))).rejects.toThrow('subscription refused');
    await subscribedTo(echo.private(`App.Models.User.${bob.id}`));
  });

  it('runs presence here/joining/leaving with user_info from the rule', async () => {
    const adaEcho = await connectedEcho(ada);
    const here = new Promise<unknown[]>((resolve) => adaEcho.join('chat.7').here(resolve));
    expect(await here).toEqual([{ id: ada.id, name: 'Ada' }]);
    const joining = new Promise((resolve) => adaEcho.join('chat.7').joining(resolve));
    const leaving = new Promise((resolve) => adaEcho.join('chat.7').leaving(resolve));
    const bobEcho = await connectedEcho(bob);
    const bobHere = new Promise<unknown[]>((resolve) => bobEcho.join('chat.7').here(resolve));
    expect(await joining).toEqual({ id: bob.id, name: 'Bob' });
    expect((await bobHere).length).toBe(2);
    bobEcho.leave('chat.7');
    expect(await leaving).toEqual({ id: bob.id, name: 'Bob' });
  });

  it('seals payloads for encrypted channels that Echo opens with the shared secret', async () => {
    const echo = await connectedEcho(ada);
    const channel = echo.encryptedPrivate('secret.3');
    await subscribedTo(channel);
    const received = new Promise((resolve) => channel.listen('.note', resolve));
    await broadcaster.broadcast('private-encrypted-secret.3', 'note', { text: 'only for Ada' });
    expect(await received).toEqual({ text: 'only for Ada' });
  });

  it('leaves out the X-Socket-Id socket (toOthers)', async () => {
    const sender = await connectedEcho(ada);
    const other = await connectedEcho(ada);
    const senderChannel = sender.private('design.1');
    const otherChannel = other.private('design.1');
    await Promise.all([subscribedTo(senderChannel), subscribedTo(otherChannel)]);
    const senderGot: unknown[] = [];
    senderChannel.listen('.design.progress', (e: unknown) => senderGot.push(e));
    const otherGot = new Promise((resolve) => otherChannel.listen('.design.progress', resolve));
    const exceptSocketId = socketIdFrom({ headers: { 'x-socket-id': sender.socketId() } });
    expect(exceptSocketId).toMatch(/^\d+\.\d+$/);
    await broadcaster.broadcast(['private-design.1'], 'design.progress', { progress: 99 }, { exceptSocketId });
    expect(await otherGot).toEqual({ progress: 99 });
    await sleep(100);
    expect(senderGot).toEqual([]);
  });

  it('answers 403 for guests, unknown patterns and public channels', async () => {
    await expect(authorization.authorize(null, '1.2', 'private-design.1')).rejects.toBeInstanceOf(ForbiddenException);
    await expect(authorization.authorize(ada, '1.2', 'private-unknown.1')).rejects.toBeInstanceOf(ForbiddenException);
    await expect(authorization.authorize(ada, '1.2', 'public-thing')).rejects.toBeInstanceOf(ForbiddenException);
    const answer = await authorization.authorize(ada, '1.2', 'presence-chat.1');
    expect(answer).toEqual({
      auth: expect.stringMatching(/^test-key:[0-9a-f]{64}$/),
      channel_data: JSON.stringify({ user_id: ada.id, user_info: { id: ada.id, name: 'Ada' } }),
    });
  });

  it('maps event names the way Echo listens for them', () => {
    expect(wireEventName('design.progress')).toBe('design.progress');
    expect(wireEventName('DesignGenerated')).toBe('App\\Events\\DesignGenerated');
    expect(wireEventName('App.Events.Chat.MessageSent')).toBe('App\\Events\\Chat\\MessageSent');
    expect(socketIdFrom({ headers: { 'x-socket-id': 'nope' } })).toBeUndefined();
  });
});
