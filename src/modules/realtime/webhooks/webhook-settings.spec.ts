import { ConfigError, loadConfig } from '../../../config/app-config';

describe('real-time webhook and presence settings', () => {
  it('are off with Pusher-like limits by default', () => {
    const { broadcasting } = loadConfig({});
    expect(broadcasting.webhooks).toEqual({
      urls: [],
      events: ['channel_occupied', 'channel_vacated', 'member_added', 'member_removed', 'client_event'],
      batchMs: 500,
    });
    expect(broadcasting).toMatchObject({ maxPresenceMembers: 100, maxPresenceUserInfoBytes: 2048 });
  });

  it('read URL lists and an event subset', () => {
    const { broadcasting } = loadConfig({
      BROADCAST_WEBHOOK_URLS: 'https://a.example/hook, http://b.example/pusher',
      BROADCAST_WEBHOOK_EVENTS: 'member_added,member_removed',
      BROADCAST_WEBHOOK_BATCH_MS: '0',
      BROADCAST_MAX_PRESENCE_MEMBERS: '500',
    });
    expect(broadcasting.webhooks).toEqual({
      urls: ['https://a.example/hook', 'http://b.example/pusher'],
      events: ['member_added', 'member_removed'],
      batchMs: 0,
    });
    expect(broadcasting.maxPresenceMembers).toBe(500);
  });

  it.each([
    [{ BROADCAST_WEBHOOK_URLS: 'ftp://a.example' }, /BROADCAST_WEBHOOK_URLS must use http: or https:/],
    [
      { BROADCAST_WEBHOOK_EVENTS: 'member_added,cache_miss' },
      /BROADCAST_WEBHOOK_EVENTS must list some of .*"cache_miss"/,
    ],
    [{ BROADCAST_MAX_PRESENCE_MEMBERS: '0' }, /BROADCAST_MAX_PRESENCE_MEMBERS must be a whole number/],
  ])('refuse %j with one sentence', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
