import sharp from 'sharp';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { AdminUsersService } from '../../src/modules/admin/admin-users.service';
import { unsubscribeToken } from '../../src/modules/admin/broadcast-mail';
import { ChatsCommandService } from '../../src/modules/chats';
import { DesignAssetsService, DesignChatModerationService } from '../../src/modules/designs';
import { StickersService } from '../../src/modules/stickers';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { confirmedAdmin } from './helpers';

type Caller = 'guest' | 'user' | 'suspended' | 'admin';

/** Every admin console route with what a guest, a user, a suspended user and an admin get. */
describe('admin authorization', () => {
  let t: TestApp;
  let clients: Record<Caller, TestClient>;
  let targetId: string;
  let assetId: string;
  let packId: string;

  const fresh = async (overrides = {}) => (await t.createUser(overrides)).id;
  const freshSuspended = async () => {
    const id = await fresh();
    await t.db.query(`UPDATE users SET suspended_at = now(), suspension_reason = 'test' WHERE id = $1`, [id]);
    return id;
  };

  beforeAll(async () => {
    t = await bootTestApp();
    const admin = await confirmedAdmin(t);
    const user = await t.signedIn();
    const suspended = await t.signedIn();
    await t.app
      .get(AdminUsersService)
      .suspend({ actor: admin.user, ip: null }, suspended.user.id, 'Testing the authorization table');
    clients = { guest: await t.client(), user: user.client, suspended: suspended.client, admin: admin.client };
    targetId = await fresh();
    assetId = (await t.app.get(DesignAssetsService).page({ category: 'theme' }, 1, 1)).data[0].id;
    packId = (await t.app.get(StickersService).createPack({ name: 'Table pack' })).id;
  });

  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 9, g: 9, b: 9, alpha: 1 } } })
      .png()
      .toBuffer();
  /** A flagged design-chat message written by a fresh user. */
  const freshFlag = async () => {
    const author = await fresh();
    const [{ id: designId }] = await t.db.query(
      `INSERT INTO designs (user_id, original_image, status, provider) VALUES ($1, 'x.jpg', 'completed', 'fake')
       RETURNING id`,
      [author],
    );
    const [{ id: messageId }] = await t.db.query(
      `INSERT INTO design_chat_messages (design_id, user_id, role, content) VALUES ($1, $2, 'user', 'www.spam.test')
       RETURNING id`,
      [designId, author],
    );
    await t.app.get(DesignChatModerationService).screen(messageId, 'www.spam.test');
    const [{ id }] = await t.db.query(`SELECT id FROM design_chat_flags WHERE message_id = $1`, [messageId]);
    return { id: id as string, designId: designId as string, messageId: messageId as string, author };
  };
  const freshSticker = async () =>
    (await t.app.get(StickersService).addSticker(packId, 'Table sticker', await png())).id;
  afterAll(() => t.close());

  // The content screens (design assets, stickers, design chat, marketing): a table of their own, run first so the
  // admin's session is still their own.
  it('lets only admins into the content screens', async () => {
    const pages = { guest: 302, user: 403, suspended: 302, admin: 200 };
    const reads = { guest: 401, user: 403, suspended: 401, admin: 200 };
    const api = { ...reads, suspended: 419 };
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/admin/design-assets', inertia: true, expect: pages },
      { method: 'GET', path: '/api/admin/design-assets?category=color', expect: reads },
      {
        method: 'POST',
        path: '/api/admin/design-assets',
        body: (caller) => ({ category: 'location', name: `Place for ${caller}` }),
        expect: { ...api, admin: 201 },
      },
      { method: 'PATCH', path: () => `/api/admin/design-assets/${assetId}`, body: { position: 3 }, expect: api },
      {
        method: 'POST',
        path: () => `/api/admin/design-assets/${assetId}/preview`,
        attach: { field: 'preview', filename: 'p.png', bytes: png },
        expect: { ...api, admin: 201 },
      },
      { method: 'GET', path: '/admin/stickers', inertia: true, expect: pages },
      { method: 'GET', path: '/api/admin/sticker-packs', expect: reads },
      { method: 'GET', path: '/api/stickers', expect: { guest: 401, user: 200, suspended: 401, admin: 200 } },
      { method: 'POST', path: '/api/admin/sticker-packs', body: { name: 'New pack' }, expect: { ...api, admin: 201 } },
      { method: 'PATCH', path: () => `/api/admin/sticker-packs/${packId}`, body: { enabled: true }, expect: api },
      {
        method: 'POST',
        name: 'POST /api/admin/sticker-packs/:id/stickers (an image without its name field)',
        path: () => `/api/admin/sticker-packs/${packId}/stickers`,
        attach: { field: 'image', filename: 's.png', bytes: png },
        expect: { ...api, admin: 422 },
      },
      { method: 'DELETE', path: async () => `/api/admin/stickers/${await freshSticker()}`, expect: api },
      {
        method: 'POST',
        name: 'POST /api/chats/:id/messages/sticker (a chat the caller is not in)',
        path: async () => {
          const [a, b] = [await t.createUser(), await t.createUser()];
          const { chat } = await t.app.get(ChatsCommandService).startDirect(a, b.id);
          return `/api/chats/${chat.id}/messages/sticker`;
        },
        body: async () => ({ sticker_id: await freshSticker() }),
        expect: { guest: 401, user: 403, suspended: 419, admin: 403 },
      },
      {
        method: 'POST',
        name: 'POST /api/chats/:id/messages/sticker, bad body (a chat the caller is not in)',
        path: async () => {
          const [a, b] = [await t.createUser(), await t.createUser()];
          const { chat } = await t.app.get(ChatsCommandService).startDirect(a, b.id);
          return `/api/chats/${chat.id}/messages/sticker`;
        },
        body: { sticker_id: 'a cat' },
        expect: { guest: 401, user: 403, suspended: 419, admin: 403 },
      },
      // Buying a paid pack: any signed-in user gets the product variant to check out; free packs need no buying.
      {
        method: 'POST',
        path: async () =>
          `/api/sticker-packs/${(await t.app.get(StickersService).createPack({ name: 'Paid', price_minor: 199 })).id}/purchase`,
        expect: { guest: 401, user: 200, suspended: 419, admin: 200 },
      },
      {
        method: 'POST',
        name: 'POST /api/sticker-packs/:id/purchase (a free pack)',
        path: () => `/api/sticker-packs/${packId}/purchase`,
        expect: { guest: 401, user: 422, suspended: 419, admin: 422 },
      },
      // Profile stickers: each signed-in user reads and sets their own (a paid pack they do not own is 403).
      {
        method: 'GET',
        path: '/api/profile-stickers',
        expect: { guest: 401, user: 200, suspended: 401, admin: 200 },
      },
      {
        method: 'PUT',
        path: '/api/profile-stickers',
        body: async () => ({ sticker_ids: [await freshSticker()] }),
        expect: { guest: 401, user: 200, suspended: 419, admin: 200 },
      },
      {
        method: 'PUT',
        name: 'PUT /api/profile-stickers (a paid pack the caller does not own)',
        path: '/api/profile-stickers',
        body: async () => {
          const paid = await t.app.get(StickersService).createPack({ name: 'Paid wear', price_minor: 99 });
          return { sticker_ids: [(await t.app.get(StickersService).addSticker(paid.id, 'P', await png())).id] };
        },
        expect: { guest: 401, user: 403, suspended: 419, admin: 403 },
      },
      { method: 'GET', path: '/admin/design-chat', inertia: true, expect: pages },
      { method: 'GET', path: '/api/admin/design-chat/flags?status=all', expect: reads },
      {
        method: 'POST',
        path: async () => `/api/admin/design-chat/flags/${(await freshFlag()).id}/moderate`,
        body: { action: 'hide' },
        expect: api,
      },
      {
        method: 'POST',
        path: async () => `/api/admin/design-chat/flags/${(await freshFlag()).id}/suspend-author`,
        body: { reason: 'Spam' },
        expect: api,
      },
      {
        method: 'POST',
        name: 'POST /api/designs/:id/chat/:messageId/report (not the owner)',
        path: async () => {
          const f = await freshFlag();
          return `/api/designs/${f.designId}/chat/${f.messageId}/report`;
        },
        body: { reason: 'Spam' },
        expect: { guest: 401, user: 403, suspended: 419, admin: 403 },
      },
      { method: 'GET', path: '/admin/marketing', inertia: true, expect: pages },
      { method: 'GET', path: '/api/admin/marketing', expect: reads },
      {
        method: 'POST',
        path: '/api/admin/announcements',
        body: { title: 'Hello', style: 'toast', audience: 'all' },
        expect: { ...api, admin: 201 },
      },
      {
        method: 'POST',
        path: async () => {
          const [{ id }] = await t.db.query(
            `INSERT INTO announcements (title, style, audience, starts_at) VALUES ('A', 'banner', 'all', now()) RETURNING id`,
          );
          return `/api/admin/announcements/${id}/end`;
        },
        expect: api,
      },
      // A reader closes an announcement for good (every signed-in user; guests keep it in their browser).
      {
        method: 'POST',
        path: async () => {
          const [{ id }] = await t.db.query(
            `INSERT INTO announcements (title, style, audience, starts_at) VALUES ('D', 'banner', 'all', now()) RETURNING id`,
          );
          return `/api/announcements/${id}/dismiss`;
        },
        expect: { guest: 401, user: 200, suspended: 419, admin: 200 },
      },
      {
        method: 'POST',
        name: 'POST /api/announcements/:id/dismiss (unknown id)',
        path: '/api/announcements/00000000-0000-4000-8000-000000000000/dismiss',
        expect: { guest: 401, user: 404, suspended: 419, admin: 404 },
      },
      {
        method: 'POST',
        path: '/api/admin/broadcasts',
        body: { title: 'News', audience: 'admin' },
        expect: { ...api, admin: 202 },
      },
      {
        method: 'GET',
        path: async () => {
          const [{ id }] = await t.db.query(
            `INSERT INTO broadcasts (title, audience) VALUES ('B', 'all') RETURNING id`,
          );
          return `/api/admin/broadcasts/${id}`;
        },
        expect: reads,
      },
      {
        method: 'POST',
        name: 'POST /api/admin/broadcasts (email not a boolean)',
        path: '/api/admin/broadcasts',
        body: { title: 'News', audience: 'admin', email: 'yes' },
        expect: { ...api, admin: 422 },
      },
      // One-click unsubscribe from broadcast mail: public (mail clients POST without a session), signed token.
      {
        method: 'POST',
        name: 'POST /webhooks/broadcasts/unsubscribe/:token',
        path: async () =>
          `/webhooks/broadcasts/unsubscribe/${unsubscribeToken(t.app.get<AppConfig>(APP_CONFIG).appKey, await fresh())}`,
        expect: { guest: 200, user: 200, suspended: 200, admin: 200 },
      },
      {
        method: 'POST',
        name: 'POST /webhooks/broadcasts/unsubscribe/:token (forged)',
        path: async () => `/webhooks/broadcasts/unsubscribe/${await fresh()}.forged`,
        expect: { guest: 404, user: 404, suspended: 404, admin: 404 },
      },
    ]);
  });

  it('lets only admins in', async () => {
    const pages = { guest: 302, user: 403, suspended: 302, admin: 200 };
    const reads = { guest: 401, user: 403, suspended: 401, admin: 200 };
    // A suspended user's session ended with its anti-forgery token: their writes answer 419 (session expired).
    const api = { ...reads, suspended: 419 };
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/admin/users', inertia: true, expect: pages },
      { method: 'GET', path: () => `/admin/users/${targetId}`, inertia: true, expect: pages },
      { method: 'GET', path: '/admin/audit', inertia: true, expect: pages },
      {
        method: 'GET',
        path: '/admin/confirm-password?return=/admin/users',
        inertia: true,
        expect: { ...pages, admin: 303 },
      },
      { method: 'GET', path: '/api/admin/users?q=user', expect: reads },
      { method: 'GET', path: () => `/api/admin/users/${targetId}`, expect: reads },
      { method: 'GET', path: '/api/admin/audit', expect: reads },
      { method: 'GET', path: '/admin', inertia: true, expect: pages },
      { method: 'GET', path: '/admin/metrics?period=week', inertia: true, expect: pages },
      { method: 'GET', path: '/api/admin/metrics/dashboard', expect: reads },
      { method: 'GET', path: '/api/admin/metrics?period=month', expect: reads },
      { method: 'POST', path: '/api/admin/metrics/rollup', expect: { ...api, admin: 202 } },
      {
        method: 'POST',
        path: '/broadcasting/auth',
        body: { socket_id: '1.2', channel_name: 'private-admin.metrics' },
        expect: { guest: 403, user: 403, suspended: 419, admin: 200 },
      },
      {
        method: 'PATCH',
        path: async () => `/api/admin/users/${await fresh()}`,
        body: { type: 'realtor' },
        expect: api,
      },
      {
        method: 'POST',
        path: async () => `/api/admin/users/${await fresh()}/suspend`,
        body: { reason: 'Spam' },
        expect: api,
      },
      { method: 'POST', path: async () => `/api/admin/users/${await freshSuspended()}/restore`, expect: api },
      {
        method: 'POST',
        path: '/api/admin/user-bulk-actions',
        body: async () => ({ action: 'restore', user_ids: [await freshSuspended()] }),
        expect: { ...api, admin: 202 },
      },
      {
        method: 'GET',
        name: 'GET /api/admin/user-bulk-actions/:id',
        path: async () => {
          const [{ id }] = await t.db.query(`SELECT id FROM admin_user_bulk_actions ORDER BY created_at DESC LIMIT 1`);
          return `/api/admin/user-bulk-actions/${id}`;
        },
        expect: reads,
      },
      {
        method: 'POST',
        path: async () => `/api/admin/users/${await fresh({ emailVerifiedAt: null })}/verification`,
        expect: api,
      },
      {
        method: 'DELETE',
        name: 'DELETE /api/admin/users/:id',
        path: async (caller) => {
          const id = await fresh({ email: `gone-${caller}-${Date.now()}@example.test` });
          return `/api/admin/users/${id}?for=${caller}`;
        },
        body: async () => ({ confirm: 'x' }),
        expect: { ...api, admin: 422 },
      },
      // Last: it turns the admin's session into the user's, which the next row ends.
      {
        method: 'POST',
        name: 'POST impersonate',
        path: async () => `/api/admin/users/${await fresh()}/impersonate`,
        expect: api,
      },
      {
        method: 'POST',
        name: 'POST /api/impersonation/end',
        path: async (caller) => {
          // The admin's session id (and token) changed when impersonation began.
          if (caller === 'admin') await clients.admin.refreshToken();
          return '/api/impersonation/end';
        },
        expect: { guest: 401, user: 409, suspended: 419, admin: 200 },
      },
    ]);
  });
});
