import { Logger } from '@nestjs/common';
import { Clock } from '../../src/common/clock';
import { seedDemoAdmin } from '../../src/database/seeds/admin.seed';
import { ConnectionCountsService } from '../../src/modules/admin/connection-counts.service';
import { MarketingService } from '../../src/modules/admin/marketing.service';
import { CrmSuppressionsService } from '../../src/modules/crm';
import { MailService, type OutgoingMail } from '../../src/modules/mail';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../src/modules/users';
import { DesignChatModerationService } from '../../src/modules/designs';
import { ProfileStickersService } from '../../src/modules/stickers';
import { StorageService } from '../../src/modules/storage';
import { REDIS, REDIS_KEY_PREFIX } from '../../src/infra/runtime.module';
import type Redis from 'ioredis';
import { bootTestApp, TestApp } from '../support/app';
import { expectPage } from '../support/authorization';
import { auditRows, confirmedAdmin } from './helpers';

/** DesignChat moderation, Marketing (announcements, broadcasts) and the per-node connection counts. */
describe('admin moderation, marketing and connections', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof confirmedAdmin>>;

  const design = async (userId: string) => {
    const [{ id }] = await t.db.query(
      `INSERT INTO designs (user_id, original_image, status, provider) VALUES ($1, 'x.jpg', 'completed', 'fake') RETURNING id`,
      [userId],
    );
    return id as string;
  };
  const message = async (designId: string, userId: string, role: 'user' | 'assistant', content: string) => {
    const [{ id }] = await t.db.query(
      `INSERT INTO design_chat_messages (design_id, user_id, role, content) VALUES ($1, $2, $3, $4) RETURNING id`,
      [designId, userId, role, content],
    );
    return id as string;
  };
  const flagOf = async (messageId: string) =>
    (await t.db.query(`SELECT id FROM design_chat_flags WHERE message_id = $1 LIMIT 1`, [messageId]))[0].id as string;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await confirmedAdmin(t);
  });
  afterAll(() => t.close());

  it('takes reports from the owner only, flags by filter, and hides with an audit row', async () => {
    const owner = await t.signedIn();
    const stranger = await t.signedIn();
    const designId = await design(owner.user.id);
    const reply = await message(designId, owner.user.id, 'assistant', 'Try a sage green sofa.');
    const url = `/api/designs/${designId}/chat/${reply}/report`;
    expect((await stranger.client.post(url).send({ reason: 'Rude' })).status).toBe(403);
    expect((await owner.client.post(url).send({ reason: '' })).status).toBe(422);
    expect((await owner.client.post(url).send({ reason: 'Off topic' })).status).toBe(202);
    expect((await owner.client.post(url).send({ reason: 'Again' })).status).toBe(202); // once per person
    const other = await design(owner.user.id);
    expect((await owner.client.post(`/api/designs/${other}/chat/${reply}/report`).send({ reason: 'x' })).status).toBe(
      404,
    );

    const moderation = t.app.get(DesignChatModerationService);
    const spam = await message(designId, owner.user.id, 'user', 'Call me on +1 415 555 0199 for a deal');
    expect(await moderation.screen(spam, 'Call me on +1 415 555 0199 for a deal')).toBe(true);
    expect(await moderation.screen(spam, 'Call me on +1 415 555 0199 for a deal')).toBe(false);
    const clean = await message(designId, owner.user.id, 'user', 'Warmer lights please');
    expect(await moderation.screen(clean, 'Warmer lights please')).toBe(false);

    const list = await admin.client.get('/api/admin/design-chat/flags');
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((f: { source: string }) => f.source).sort()).toEqual(['filter', 'user']);

    const flagId = await flagOf(reply);
    const warnAi = await admin.client.post(`/api/admin/design-chat/flags/${flagId}/moderate`).send({ action: 'warn' });
    expect(warnAi.status).toBe(422);
    const hide = await admin.client.post(`/api/admin/design-chat/flags/${flagId}/moderate`).send({ action: 'hide' });
    expect(hide.body.flag).toMatchObject({ resolution: 'hidden', message: { hidden: true } });
    const history = await owner.client.get(`/api/designs/${designId}/chat`);
    expect(history.body.messages.map((m: { id: string }) => m.id)).toEqual([spam, clean]);
    const [row] = await auditRows(t.db, reply);
    expect(row).toMatchObject({ action: 'design_chat.hidden', subject_type: 'design_chat_message' });
    expect(row.before).toMatchObject({ resolved_at: null });
    expect((await admin.client.get('/api/admin/design-chat/flags')).body.total).toBe(1);
    expectPage(await admin.client.visit('/admin/design-chat?status=all'), 'Admin/DesignChat', { status: 'all' });
  });

  it('warns the author with a notification, or suspends after a password confirmation', async () => {
    const author = await t.signedIn();
    const designId = await design(author.user.id);
    const spam = await message(designId, author.user.id, 'user', 'visit www.cheap-sofas.biz now');
    await t.app.get(DesignChatModerationService).screen(spam, 'visit www.cheap-sofas.biz now');
    const flagId = await flagOf(spam);
    const warn = await admin.client
      .post(`/api/admin/design-chat/flags/${flagId}/moderate`)
      .send({ action: 'warn', note: 'No advertising, please.' });
    expect(warn.body.flag.resolution).toBe('warned');
    const [note] = await t.db.query(`SELECT kind, body FROM notifications WHERE user_id = $1`, [author.user.id]);
    expect(note).toEqual({ kind: 'system', body: 'No advertising, please.' });

    const fresh = await t.signedIn({ role: 'admin' });
    const suspendUrl = `/api/admin/design-chat/flags/${flagId}/suspend-author`;
    expect((await fresh.client.post(suspendUrl).send({ reason: 'Spam' })).status).toBe(423); // password not confirmed lately
    const suspended = await admin.client.post(suspendUrl).send({ reason: 'Spam' });
    expect(suspended.status).toBe(200);
    const [user] = await t.db.query(`SELECT suspended_at FROM users WHERE id = $1`, [author.user.id]);
    expect(user.suspended_at).not.toBeNull();
    expect((await auditRows(t.db, author.user.id)).map((r) => r.action)).toContain('user.suspended');
    expect((await auditRows(t.db, spam)).map((r) => r.action)).toEqual(['design_chat.warned', 'design_chat.suspended']);
  });

  it('shows announcements to their audience inside their window only', async () => {
    const clock = t.app.get(Clock);
    const marketing = t.app.get(MarketingService);
    const now = clock.now();
    const res = await admin.client.post('/api/admin/announcements').send({
      title: 'New: sticker packs',
      style: 'banner',
      audience: 'realtor',
      starts_at: new Date(now.getTime() + 60_000).toISOString(),
    });
    expect(res.status).toBe(201);
    const bad = await admin.client
      .post('/api/admin/announcements')
      .send({ title: 'x', style: 'popup', audience: 'martians', url: 'https://evil.test' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['audience', 'style', 'url']);
    const realtor = { type: 'realtor' as const, role: 'user' as const };
    expect(await marketing.liveFor(realtor)).toEqual([]);
    clock.set(new Date(now.getTime() + 120_000));
    try {
      expect((await marketing.liveFor(realtor)).map((a) => a.title)).toEqual(['New: sticker packs']);
      expect(await marketing.liveFor({ type: 'viewer', role: 'user' })).toEqual([]);
      const ended = await admin.client.post(`/api/admin/announcements/${res.body.announcement.id}/end`);
      expect(ended.status).toBe(200);
      expect(await marketing.liveFor(realtor)).toEqual([]);
    } finally {
      clock.reset();
    }
  });

  it('keeps a dismissed announcement away from that user on every device, idempotently', async () => {
    const marketing = t.app.get(MarketingService);
    const [reader, other] = [await t.signedIn({ type: 'viewer' }), await t.signedIn({ type: 'viewer' })];
    const res = await admin.client
      .post('/api/admin/announcements')
      .send({ title: 'Dismiss me', style: 'banner', audience: 'viewer' });
    const id = res.body.announcement.id as string;
    const titles = async (user: typeof reader.user) => (await marketing.liveFor(user)).map((a) => a.title);
    const shownOn = async (device: typeof reader.client) =>
      ((await device.visit('/dashboard')).body.props.announcements as Array<{ id: string }>).map((a) => a.id);
    const phone = await t.client(); // another device: a session of its own
    await phone.post('/login').send({ email: reader.user.email, password: 'correct-horse-battery' });
    expect(await shownOn(phone)).toContain(id);
    expect((await reader.client.post(`/api/announcements/${id}/dismiss`)).status).toBe(200);
    await marketing.dismiss(reader.user, id); // a second tab or a retry: no error, one row
    expect(await shownOn(phone)).not.toContain(id);
    expect(await titles(reader.user)).not.toContain('Dismiss me');
    expect(await titles(other.user)).toContain('Dismiss me');
    const rows = await t.db.query(`SELECT user_id FROM announcement_dismissals WHERE announcement_id = $1`, [id]);
    expect(rows).toEqual([{ user_id: reader.user.id }]);
    await expect(marketing.dismiss(reader.user, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('broadcasts in a background job, once per recipient, with progress', async () => {
    const buyers = [await t.createUser({ type: 'buyer' }), await t.createUser({ type: 'buyer' })];
    await t.createUser({ type: 'shopper' });
    const res = await admin.client
      .post('/api/admin/broadcasts')
      .send({ title: 'Spring open houses', body: 'See what is new.', url: '/market', audience: 'buyer' });
    expect(res.status).toBe(202);
    const id = res.body.broadcast.id;
    const marketing = t.app.get(MarketingService);
    await marketing.send(id); // the queued job may run too: the claims keep it to one notification each
    await marketing.send(id);
    const done = await waitFor(
      async () => (await admin.client.get(`/api/admin/broadcasts/${id}`)).body,
      (b) => b.status === 'done',
    );
    expect(done).toMatchObject({ total: 2, sent: 2 });
    const notes = await t.db.query(
      `SELECT user_id, count(*)::int AS n FROM notifications WHERE kind = 'product_news' GROUP BY user_id`,
    );
    expect(notes.map((n: { user_id: string }) => n.user_id).sort()).toEqual(buyers.map((b) => b.id).sort());
    expect(notes.every((n: { n: number }) => n.n === 1)).toBe(true);
    expect((await auditRows(t.db, id)).map((r) => r.action)).toEqual(['broadcast.queued']);
    const page = await admin.client.visit('/admin/marketing');
    expectPage(page, 'Admin/Marketing');
    expect(page.body.props.broadcasts.data.map((b: { id: string }) => b.id)).toContain(id);
    // The page's own list is all_announcements: `announcements` stays the shell's banner list (an array).
    expect(Array.isArray(page.body.props.announcements)).toBe(true);
  });

  it('emails a broadcast only to opted-in, unsuppressed recipients, once each, with a one-click unsubscribe', async () => {
    const prefs = (productNews: boolean) => ({
      email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, product_news: productNews },
      push: { ...DEFAULT_NOTIFICATION_PREFERENCES.push },
    });
    const optedIn = await t.createUser({ type: 'affiliate', notificationPreferences: prefs(true) });
    const suppressed = await t.createUser({ type: 'affiliate', notificationPreferences: prefs(true) });
    const optedOut = await t.createUser({ type: 'affiliate' });
    await t.app.get(CrmSuppressionsService).unsubscribe(suppressed.email.toUpperCase());
    const sent = jest.spyOn(t.app.get(MailService), 'send');
    try {
      const res = await admin.client
        .post('/api/admin/broadcasts')
        .send({ title: 'New sticker packs', body: 'Say it with a sticker.', audience: 'affiliate', email: true });
      expect(res.status).toBe(202);
      const id = res.body.broadcast.id;
      const marketing = t.app.get(MarketingService);
      await marketing.send(id);
      await marketing.send(id); // a retry (or the queued job): the claims keep it to one mail each
      const done = await waitFor(
        async () => (await admin.client.get(`/api/admin/broadcasts/${id}`)).body,
        (b) => b.status === 'done',
      );
      expect(done).toMatchObject({ total: 3, sent: 3, email: true, emailed: 1, suppressed: 1 });
      const mailsSoFar = () =>
        sent.mock.calls.map(([m]) => m as OutgoingMail).filter((m) => m.subject.includes('sticker packs'));
      const mails = await waitFor(
        async () => mailsSoFar(),
        (m) => m.length > 0,
      ); // whichever sender claimed them
      expect(mails.map((m) => m.to)).toEqual([optedIn.email]);
      expect(mails[0].headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      // The notification went to all three, without the notifications service's own product-news mail.
      const notes = await t.db.query(`SELECT user_id FROM notifications WHERE data->>'broadcast_id' = $1`, [id]);
      expect(notes.map((n: { user_id: string }) => n.user_id).sort()).toEqual(
        [optedIn.id, suppressed.id, optedOut.id].sort(),
      );
      // One click (no session, no body) puts the address on the CRM suppression list; a forged token is refused.
      const path = new URL(/<(http[^>]+)>/.exec(mails[0].headers!['List-Unsubscribe'])![1]).pathname;
      const guest = await t.client();
      await guest.post(`${path}x`).expect(404);
      await guest.post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect(await t.app.get(CrmSuppressionsService).isSuppressed([optedIn.email])).toEqual(
        new Set([optedIn.email.toLowerCase()]),
      );
    } finally {
      sent.mockRestore();
    }
  });

  it('counts connections per live node through Redis; expired nodes drop out', async () => {
    const counts = t.app.get(ConnectionCountsService);
    const redis = t.app.get<Redis>(REDIS);
    const prefix = t.app.get<string>(REDIS_KEY_PREFIX);
    await redis.set(`${prefix}:admin:connections:other-node`, '7', 'PX', 30_000);
    await redis.sadd(`${prefix}:admin:connection-nodes`, 'other-node', 'dead-node');
    const nodes = await counts.perNode();
    expect(nodes.find((n) => n.node === 'other-node')).toEqual({ node: 'other-node', count: 7 });
    expect(nodes.map((n) => n.node)).not.toContain('dead-node');
    expect(await redis.sismember(`${prefix}:admin:connection-nodes`, 'dead-node')).toBe(0);
    const dash = await admin.client.get('/api/admin/metrics/dashboard');
    expect(dash.body.connections.total).toBeGreaterThanOrEqual(7);
  });

  it('seeds demo data that fills every admin screen for the demo admin, once', async () => {
    await t.createUser({ email: 'admin@reelty.test', role: 'admin' });
    const viewer = await t.createUser({ email: 'viewer@reelty.test', type: 'viewer' });
    const logger = new Logger('SeedTest');
    // How long seeding takes is a figure for bench/, not an assertion.
    await seedDemoAdmin(t.app, logger);
    await seedDemoAdmin(t.app, logger);
    const visit = async (path: string) => (await admin.client.visit(path)).body.props;
    expect((await visit('/admin/stickers')).packs.data[0]).toMatchObject({
      name: 'Open house',
      stickers: [{}, {}, {}],
    });
    const themes = (await visit('/admin/design-assets?category=theme')).assets.data;
    expect(themes.filter((a: { preview_url: string | null }) => a.preview_url)).toHaveLength(3);
    expect((await visit('/admin/design-chat')).flags.total).toBeGreaterThanOrEqual(2);
    const marketing = await visit('/admin/marketing');
    expect(marketing.all_announcements.total).toBeGreaterThanOrEqual(1);
    expect(marketing.broadcasts.data.some((b: { status: string }) => b.status === 'done')).toBe(true);
    expect((await visit('/admin/audit?action=sticker.added')).entries.total).toBe(3);
    expect((await visit('/admin')).dashboard.rolled_up_at).not.toBeNull();
    // The demo viewer wears the pack's stickers on their profile.
    expect(await t.app.get(ProfileStickersService).of(viewer.id)).toHaveLength(3);
    // The design behind the moderated chat has a stored room photo, so the viewer's gallery shows it.
    const designs = await t.db.query(`SELECT image FROM designs WHERE user_id = $1`, [viewer.id]);
    expect(designs).toHaveLength(1);
    expect((await t.app.get(StorageService).stat(designs[0].image))?.size).toBeGreaterThan(1000);
  });
});

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
