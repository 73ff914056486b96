import { bootChatApp, collect, connect, subscribe, waitFor } from '../chats/support';
import type Pusher from 'pusher-js';
import { Mail } from '../../src/modules/mail/mail.entity';
import { NotificationsService } from '../../src/modules/notifications/notifications.service';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../src/modules/users/user.entity';
import type { TestApp } from '../support/app';

describe('notifications', () => {
  let t: TestApp;
  let service: NotificationsService;
  const sockets: Pusher[] = [];

  beforeAll(async () => {
    t = await bootChatApp();
    service = t.app.get(NotificationsService);
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
  afterAll(() => t?.close());

  const mailsTo = (email: string) => t.db.getRepository(Mail).findBy({ to: email });

  it('notify() stores the notification, pushes .notification.created on the private user channel', async () => {
    const { client, user } = await t.signedIn();
    const pusher = connect(t, client, sockets);
    const channel = await subscribe(pusher, `private-App.Models.User.${user.id}`);
    const seen = collect<{ notification: { id: string; read: boolean; title: string }; unread_count: number }>(
      channel,
      'notification.created',
    );

    const n = await service.notify(user.id, {
      kind: 'design_ready',
      title: 'Your design is ready',
      url: '/designs/1',
      data: { design_id: '1' },
    });
    await waitFor(() => seen.length === 1);
    expect(seen[0]).toMatchObject({
      notification: { id: n.id, read: false, title: 'Your design is ready' },
      unread_count: 1,
    });

    const res = await client.get('/api/notifications');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      notifications: {
        data: [
          expect.objectContaining({
            id: n.id,
            read: false,
            kind: 'design_ready',
            url: '/designs/1',
            data: { design_id: '1' },
          }),
        ],
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: 1,
      },
      unread_count: 1,
    });
  });

  it('emails only for the kinds the user asked for', async () => {
    const user = await t.createUser({
      notificationPreferences: {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, new_follower: false, design_ready: true },
      },
    });
    await service.notify(user.id, { kind: 'new_follower', title: 'Ann followed you' });
    await service.notify(user.id, { kind: 'design_ready', title: 'Design <ready>', body: 'Kitchen & bath' });
    // Mail is queued; wait for the worker, then a little longer for anything that should not come.
    let mails = await mailsTo(user.email);
    for (let i = 0; i < 100 && mails.length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      mails = await mailsTo(user.email);
    }
    await new Promise((r) => setTimeout(r, 300));
    mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Design <ready> - Reelty']);
    expect(mails[0].html).toContain('Design &lt;ready&gt;');
    expect(mails[0].html).toContain('Kitchen &amp; bath');
  });

  it('lists with limit and page (page size 20, first page 1), newest first', async () => {
    const { client, user } = await t.signedIn();
    for (let i = 0; i < 23; i += 1) await service.notify(user.id, { kind: 'system', title: `n${i}` });
    const first = await client.get('/api/notifications');
    expect(first.body.notifications).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 23 });
    expect(first.body.notifications.data).toHaveLength(20);
    expect(first.body.notifications.data[0].title).toBe('n22');
    const second = await client.get('/api/notifications?page=2');
    expect(second.body.notifications.data.map((n: { title: string }) => n.title)).toEqual(['n2', 'n1', 'n0']);
    const limited = await client.get('/api/notifications?limit=5&page=3');
    expect(limited.body.notifications).toMatchObject({ current_page: 3, last_page: 5, per_page: 5, total: 23 });
    expect(limited.body.unread_count).toBe(23);
    const bad = await client.get('/api/notifications?limit=0');
    expect(bad.status).toBe(422);
  });

  it('marks one as read and the count drops; marking again keeps it (never below zero)', async () => {
    const { client, user } = await t.signedIn();
    const a = await service.notify(user.id, { kind: 'system', title: 'a' });
    await service.notify(user.id, { kind: 'system', title: 'b' });
    expect((await client.get('/api/notifications/count')).body).toEqual({ unread_count: 2 });
    const read = await client.post(`/notifications/${a.id}/mark-as-read`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: 'success', unread_count: 1, notification: { id: a.id, read: true } });
    const again = await client.post(`/notifications/${a.id}/mark-as-read`);
    expect(again.body.unread_count).toBe(1);
    expect((await client.get('/api/notifications/count')).body).toEqual({ unread_count: 1 });
  });

  it('marks all as read; the count is 0 and stays 0', async () => {
    const { client, user } = await t.signedIn();
    await service.notify(user.id, { kind: 'system', title: 'a' });
    await service.notify(user.id, { kind: 'system', title: 'b' });
    const res = await client.post('/notifications/mark-all-as-read');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', unread_count: 0, updated: 2 });
    await client.post('/notifications/mark-all-as-read');
    expect((await client.get('/api/notifications/count')).body).toEqual({ unread_count: 0 });
    const list = await client.get('/api/notifications');
    expect(list.body.notifications.data.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it("pushes the new count to the user's other tabs when they read", async () => {
    const { client, user } = await t.signedIn();
    const n = await service.notify(user.id, { kind: 'system', title: 'a' });
    const channel = await subscribe(connect(t, client, sockets), `private-App.Models.User.${user.id}`);
    const seen = collect<{ id: string; unread_count: number }>(channel, 'notification.read');
    await client.post(`/notifications/${n.id}/mark-as-read`);
    await waitFor(() => seen.length === 1);
    expect(seen[0]).toEqual({ id: n.id, unread_count: 0 });
  });

  it('renders the Notifications/Index page with the first page', async () => {
    const { client, user } = await t.signedIn();
    await service.notify(user.id, { kind: 'system', title: 'hello' });
    const res = await client.visit('/notifications');
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('Notifications/Index');
    expect(res.body.props.notifications.data[0].title).toBe('hello');
    expect(res.body.props.unread_count).toBe(1);
  });

  it('keeps one user out of another user’s notifications', async () => {
    const owner = await t.createUser();
    const n = await service.notify(owner.id, { kind: 'system', title: 'private' });
    const { client } = await t.signedIn();
    expect((await client.post(`/notifications/${n.id}/mark-as-read`)).status).toBe(403);
    expect((await client.post(`/notifications/not-a-uuid/mark-as-read`)).status).toBe(404);
    expect((await client.get('/api/notifications')).body.notifications.total).toBe(0);
    expect(await service.unreadCount(owner.id)).toBe(1);
    const guest = await t.client();
    expect((await guest.get('/api/notifications')).status).toBe(401);
    expect((await guest.get('/api/notifications/count')).status).toBe(401);
    expect((await guest.post(`/notifications/${n.id}/mark-as-read`)).status).toBe(401);
    expect((await guest.post('/notifications/mark-all-as-read')).status).toBe(401);
  });
});
