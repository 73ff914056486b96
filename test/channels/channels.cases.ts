import type Pusher from 'pusher-js';
import { ChannelInvitationsService, ChannelMessagesService, ChannelsService } from '../../src/modules/channels';
import { ModerationService, TrustService } from '../../src/modules/community';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { pusherFor } from '../support/realtime';
import { MEMBER_ACTIVITY, trustedUser } from '../community/support';

type Caller = 'guest' | 'stranger' | 'member' | 'owner' | 'admin';

/** Community channels: trust gate, membership, posting rules, keyset history, live delivery, flags, fan-out. */
describe('community channels', () => {
  let t: TestApp;
  let channels: ChannelsService;
  let messages: ChannelMessagesService;
  const sockets: Pusher[] = [];

  beforeAll(async () => {
    t = await bootTestApp({ BROADCAST_KEY: 'app-key', BROADCAST_SECRET: 'app-secret', BROADCAST_APP_ID: 'app-1' });
    channels = t.app.get(ChannelsService);
    messages = t.app.get(ChannelMessagesService);
  });
  /** A trusted account for service-tier calls (no sign-in: cheaper than a session). */
  const trusted = async () => {
    const user = await t.createUser({ createdAt: new Date(Date.now() - 8 * 86_400_000) });
    await t.app.get(TrustService).addActivity(user.id, MEMBER_ACTIVITY);
    return { user };
  };

  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  it('needs trust level 2 to create a channel; names are unique; bad input is a 422', async () => {
    const newbie = await t.signedIn();
    const refused = await newbie.client.post('/api/channels').send({ name: 'Rita Live' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/trust level 2/);
    const owner = await trustedUser(t);
    expect((await owner.client.post('/api/channels').send({ name: 'Rita Live' })).status).toBe(201);
    const dup = await owner.client.post('/api/channels').send({ name: 'rita live' });
    expect(dup.body.errors).toEqual({ name: ['A channel with this name exists.'] });
    const bad = await owner.client.post('/api/channels').send({ name: 'x', visibility: 'secret', posting: 'all' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'posting', 'visibility']);
  });

  it('lets only the owner write to a broadcast channel and members to a discussion one; sanitises', async () => {
    const owner = await trusted();
    const broadcast = await channels.create(owner.user, { name: 'Open houses this week' });
    const member = await trusted();
    await channels.join(member.user, broadcast.id);
    await expect(messages.post(member.user, broadcast.id, '<p>Hi</p>')).rejects.toThrow(/Only the owner/);
    const stranger = { user: await t.createUser() };
    await expect(messages.post(stranger.user, broadcast.id, '<p>Hi</p>')).rejects.toThrow(/Join the channel/);
    const sent = await messages.post(owner.user, broadcast.id, '<p>Saturday <script>alert(1)</script>2pm</p>');
    expect(sent.body_html).toBe('<p>Saturday 2pm</p>');
    await expect(messages.post(owner.user, broadcast.id, '<p> </p>')).rejects.toThrow(/Write something/);

    const talk = await channels.create(owner.user, { name: 'Stagers talk', posting: 'members' });
    await channels.join(member.user, talk.id);
    expect((await messages.post(member.user, talk.id, '<p>Hello all</p>')).moderation).toBe('visible');
    const newbie = { user: await t.createUser() };
    await channels.join(newbie.user, talk.id);
    const held = await messages.post(newbie.user, talk.id, '<p>see www.spam.example</p>');
    expect(held.moderation).toBe('pending');
    expect((await messages.history(talk.id, owner.user, undefined)).data.map((m) => m.id)).not.toContain(held.id);
  });

  it('keeps a private channel to members and invited people, including its live feed', async () => {
    const owner = await trustedUser(t);
    const { body } = await owner.client.post('/api/channels').send({ name: 'VIP buyers', visibility: 'private' });
    const id = body.channel.id as string;
    const guest = await t.signedIn();
    expect((await guest.client.get(`/api/channels/${id}`)).status).toBe(403);
    expect((await guest.client.post(`/api/channels/${id}/join`)).status).toBe(403);
    const auth = (c = guest.client) =>
      c.post('/broadcasting/auth').send({ socket_id: '1.1', channel_name: `private-community-channel.${id}` });
    expect((await auth()).status).toBe(403);
    expect((await owner.client.post(`/api/channels/${id}/invites`).send({ user_id: guest.user.id })).status).toBe(201);
    expect((await guest.client.get(`/api/channels/${id}`)).body.channel.invited).toBe(true);
    expect((await guest.client.post(`/api/channels/${id}/join`)).body.channel.my_role).toBe('member');
    expect((await auth()).status).toBe(200);
    const presence = await guest.client
      .post('/broadcasting/auth')
      .send({ socket_id: '1.1', channel_name: `presence-community-channel.${id}` });
    expect(JSON.parse(presence.body.channel_data).user_info).toEqual({ id: guest.user.id, name: guest.user.name });
    expect((await owner.client.delete(`/api/channels/${id}/members/${guest.user.id}`)).status).toBe(200);
    expect((await auth()).status).toBe(403);
  });

  it('pages history by keyset, newest first', async () => {
    const owner = await trusted();
    const ch = await channels.create(owner.user, { name: 'Market notes' });
    for (let i = 0; i < 35; i += 1)
      await t.db.query(
        `INSERT INTO community_messages (channel_id, author_id, body_html, created_at)
         VALUES ($1, $2, $3, now() - make_interval(mins => $4))`,
        [ch.id, owner.user.id, `<p>Note ${i}</p>`, i],
      );
    const first = await messages.history(ch.id, undefined, undefined);
    expect(first.data).toHaveLength(30);
    expect(first.data[0].body_html).toBe('<p>Note 0</p>');
    const second = await messages.history(ch.id, undefined, first.next_cursor!);
    expect(second.data.map((m) => m.body_html)).toEqual([30, 31, 32, 33, 34].map((i) => `<p>Note ${i}</p>`));
    expect(second.next_cursor).toBeNull();
    const anon = await t.client();
    expect((await anon.get(`/api/channels/${ch.id}/messages?cursor=bogus`)).status).toBe(422);
  });

  it('delivers a message live to a subscriber and drops it live when deleted', async () => {
    const owner = await trustedUser(t);
    const ch = await channels.create(owner.user, { name: 'Live drops' });
    const fan = await t.signedIn();
    await channels.join(fan.user, ch.id);
    const live = pusherFor(t, fan.client, sockets).subscribe(`private-community-channel.${ch.id}`);
    await new Promise<void>((resolve, reject) => {
      live.bind('pusher:subscription_succeeded', () => resolve());
      live.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
    });
    const arrived = new Promise<{ message: { id: string; body_html: string } }>((r) => live.bind('channel.message', r));
    const res = await owner.client.post(`/api/channels/${ch.id}/messages`).send({ body_html: '<p>Just listed</p>' });
    expect(res.status).toBe(201);
    expect((await arrived).message).toMatchObject({ id: res.body.data.id, body_html: '<p>Just listed</p>' });
    const removed = new Promise<{ id: string }>((r) => live.bind('channel.message.removed', r));
    expect((await fan.client.delete(`/api/messages/${res.body.data.id}`)).status).toBe(403);
    expect((await owner.client.delete(`/api/messages/${res.body.data.id}`)).status).toBe(200);
    expect((await removed).id).toBe(res.body.data.id);
    expect((await owner.client.get(`/api/messages/${res.body.data.id}`)).status).toBe(404);
  });

  it("tells members once of the owner's message, linking to the message page", async () => {
    const owner = await trusted();
    const ch = await channels.create(owner.user, { name: 'Weekly digest' });
    const fans = [await t.signedIn(), await t.signedIn()];
    for (const f of fans) await channels.join(f.user, ch.id);
    const sent = await messages.post(owner.user, ch.id, '<p>Three new listings</p>');
    await messages.notifyMembers({ messageId: sent.id });
    // The job dispatched on send and these direct calls race for the one-time mark: wait for whichever won.
    const notices = () =>
      t.db.query(`SELECT user_id, url FROM notifications WHERE data->>'message_id' = $1 ORDER BY user_id`, [sent.id]);
    for (let i = 0; i < 50 && (await notices()).length < fans.length; i += 1)
      await new Promise((r) => setTimeout(r, 100));
    const want = fans.map((f) => ({ user_id: f.user.id, url: `/messages/${sent.id}` }));
    expect(await notices()).toEqual(want.sort((a, b) => (a.user_id < b.user_id ? -1 : 1)));
    await messages.notifyMembers({ messageId: sent.id });
    expect(await notices()).toHaveLength(fans.length);
    const page = await fans[0].client.visit(`/messages/${sent.id}`);
    expect(page.body.component).toBe('Message/Show');
  });

  it('hides a message three readers flag until the channel owner approves it; live removal', async () => {
    const owner = await trusted();
    const ch = await channels.create(owner.user, { name: 'Open floor', posting: 'members' });
    const author = await trusted();
    await channels.join(author.user, ch.id);
    const msg = await messages.post(author.user, ch.id, '<p>Buy my course</p>');
    for (let i = 0; i < 3; i += 1) {
      const f = await t.signedIn();
      expect((await f.client.post(`/api/messages/${msg.id}/flag`).send({ reason: 'spam' })).status).toBe(200);
    }
    expect((await messages.history(ch.id, owner.user, undefined)).data.map((m) => m.id)).not.toContain(msg.id);
    const stranger = await t.signedIn();
    expect((await stranger.client.get(`/api/messages/${msg.id}`)).status).toBe(403);
    const admin = { user: await t.createUser({ role: 'admin' }) };
    const review = (await t.app.get(ModerationService).list('open', 1, 50)).data.find((r) => r.subject_id === msg.id)!;
    expect(review.url).toBe(`/messages/${msg.id}`);
    await expect(t.app.get(ModerationService).decide(author.user, review.id, 'approved')).rejects.toThrow(/moderator/);
    await t.app.get(ModerationService).decide(owner.user, review.id, 'approved');
    expect((await messages.history(ch.id, admin.user, undefined)).data.map((m) => m.id)).toContain(msg.id);
  });
  it('invites by handle or from a name search; the invitee lists, declines or accepts; the owner withdraws', async () => {
    const invitations = t.app.get(ChannelInvitationsService);
    const owner = await trusted();
    const ch = await channels.create(owner.user, { name: 'Pocket listings', visibility: 'private' });
    const tag = Date.now().toString(36);
    const ana = await t.createUser({
      name: `Ana Quillfeather ${tag}`,
      handle: `anaq${tag}`,
      email: `zz${tag}@example.test`,
    });
    const ben = await t.createUser({ name: `Ben Quillfeather ${tag}` });
    // By name or handle (a leading @ is fine), never by email; each with whether they are already in or invited.
    const names = async (q: string) => (await invitations.candidates(owner.user, ch.id, q)).map((c) => c.user.id);
    expect((await names(`quillfeather ${tag}`)).sort()).toEqual([ana.id, ben.id].sort());
    expect(await names(`@anaq${tag}`)).toEqual([ana.id]);
    expect(await names(`zz${tag}`)).toEqual([]);
    await invitations.invite(owner.user, ch.id, { handle: `@anaq${tag}` });
    await invitations.invite(owner.user, ch.id, { user_id: ana.id }); // again: no second notice
    const notices = await t.db.query(`SELECT url FROM notifications WHERE user_id = $1`, [ana.id]);
    expect(notices).toEqual([{ url: `/channels/${ch.id}` }]);
    const found = await invitations.candidates(owner.user, ch.id, `quillfeather ${tag}`);
    expect(found.find((c) => c.user.id === ana.id)?.status).toBe('invited');
    await expect(invitations.invite(owner.user, ch.id, { handle: 'nobody-has-this' })).rejects.toThrow(/handle/);
    await expect(invitations.invite(owner.user, ch.id, { user_id: owner.user.id })).rejects.toThrow(/already/);
    await expect(invitations.candidates(ana, ch.id, 'quill')).rejects.toThrow(/owner/);

    const mine = await invitations.mine(ana, 1, 10);
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ channel: { id: ch.id, invited: true }, invited_by: { id: owner.user.id } });
    expect((await invitations.invitees(owner.user, ch.id, 1, 10)).data.map((i) => i.user.id)).toEqual([ana.id]);
    await invitations.decline(ana, ch.id);
    expect((await invitations.mine(ana, 1, 10)).total).toBe(0);
    await expect(channels.show(ch.id, ana)).rejects.toThrow(/private/);
    await expect(invitations.decline(ana, ch.id)).rejects.toThrow(/no invitation/);

    await invitations.invite(owner.user, ch.id, { user_id: ben.id });
    await invitations.withdraw(owner.user, ch.id, ben.id);
    await expect(invitations.withdraw(owner.user, ch.id, ben.id)).rejects.toThrow(/no open invitation/);
    await invitations.invite(owner.user, ch.id, { user_id: ben.id });
    expect((await channels.join(ben, ch.id)).my_role).toBe('member');
    expect((await invitations.invitees(owner.user, ch.id, 1, 10)).total).toBe(0);
    expect((await invitations.candidates(owner.user, ch.id, `ben quillfeather ${tag}`))[0].status).toBe('member');
  });

  it('answers each caller as the authorization table says (channels, messages, the live channel)', async () => {
    const owner = await trustedUser(t);
    const m = await t.signedIn();
    const stranger = await t.signedIn();
    const admin = await t.signedIn({ role: 'admin' });
    const channels = t.app.get(ChannelsService);
    const id = (await channels.create(owner.user, { name: 'Private room', visibility: 'private', posting: 'members' }))
      .id;
    const publicId = (await channels.create(owner.user, { name: 'Open broadcast' })).id;
    await t.app.get(ChannelInvitationsService).invite(owner.user, id, { user_id: m.user.id });
    await channels.join(m.user, id);
    const messageId = (await t.app.get(ChannelMessagesService).post(m.user, id, '<p>Hello</p>')).id;
    const member = m.user;
    const strangerId = stranger.user.id;
    const clients: Record<Caller, TestClient> = {
      guest: await t.client(),
      stranger: stranger.client,
      member: m.client,
      owner: owner.client,
      admin: admin.client,
    };
    const all = (s: number) => ({ guest: s, stranger: s, member: s, owner: s, admin: s });
    const insiders = (s: number) => ({ guest: 403, stranger: 403, member: s, owner: s, admin: s });
    const ownerOnly = (s: number) => ({ guest: 401, stranger: 403, member: 403, owner: s, admin: 403 });
    const fresh = async () => `/api/messages/${(await t.app.get(ChannelMessagesService).post(member, id, 'Bye')).id}`;
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expectAuthorizationTable<Caller>(clients, [
      { method: 'GET', path: '/channels', inertia: true, expect: all(200) },
      { method: 'GET', path: `/channels/${id}`, inertia: true, expect: insiders(200) },
      { method: 'GET', path: `/channels/${publicId}`, inertia: true, expect: all(200) },
      { method: 'GET', path: `/messages/${messageId}`, inertia: true, expect: insiders(200) },
      { method: 'GET', path: '/api/channels', expect: all(200) },
      { method: 'GET', path: '/api/channels?mine=true', expect: all(200) },
      { method: 'POST', path: '/api/channels', body: { name: '' }, expect: { ...all(422), guest: 401 } },
      { method: 'GET', path: `/api/channels/${id}`, expect: insiders(200) },
      { method: 'GET', path: `/api/channels/${nobody}`, expect: all(404) },
      { method: 'PATCH', path: `/api/channels/${id}`, body: { description: 'Quiet' }, expect: ownerOnly(200) },
      {
        method: 'POST',
        path: `/api/channels/${id}/join`,
        expect: { guest: 401, stranger: 403, member: 200, owner: 200, admin: 403 },
      },
      { method: 'GET', path: `/api/channels/${id}/members`, expect: insiders(200) },
      { method: 'GET', path: `/api/channels/${id}/messages`, expect: insiders(200) },
      {
        method: 'POST',
        path: `/api/channels/${id}/messages`,
        body: { body_html: 'Hi' },
        expect: { guest: 401, stranger: 403, member: 201, owner: 201, admin: 403 },
      },
      {
        method: 'POST',
        path: `/api/channels/${publicId}/messages`,
        body: { body_html: 'Hi' },
        expect: { guest: 401, stranger: 403, member: 403, owner: 201, admin: 403 },
      },
      // A bad body is a writer's 422 only: everyone else is refused before the body is read.
      {
        method: 'POST',
        name: 'POST /api/channels/:id/messages (broadcast), bad body',
        path: `/api/channels/${publicId}/messages`,
        body: { body_html: 42 },
        expect: { guest: 401, stranger: 403, member: 403, owner: 422, admin: 403 },
      },
      { method: 'GET', path: `/api/messages/${messageId}`, expect: insiders(200) },
      { method: 'GET', path: `/api/messages/${nobody}`, expect: all(404) },
      {
        method: 'POST',
        path: `/api/messages/${messageId}/flag`,
        body: { reason: 'spam' },
        expect: { guest: 401, stranger: 403, member: 403, owner: 200, admin: 200 },
      },
      {
        method: 'DELETE',
        path: fresh,
        name: 'DELETE /api/messages/:id',
        expect: { guest: 401, stranger: 403, member: 200, owner: 200, admin: 200 },
      },
      { method: 'DELETE', path: `/api/channels/${id}/members/${nobody}`, expect: ownerOnly(404) },
      {
        method: 'POST',
        path: '/broadcasting/auth',
        body: { socket_id: '1.1', channel_name: `private-community-channel.${id}` },
        expect: { guest: 403, stranger: 403, member: 200, owner: 200, admin: 200 },
      },
      {
        method: 'POST',
        path: '/broadcasting/auth',
        body: { socket_id: '1.1', channel_name: `private-community-channel.${publicId}` },
        expect: { ...all(200), guest: 403 },
      },
      { method: 'GET', path: `/api/channels/${id}/invites`, expect: ownerOnly(200) },
      { method: 'GET', path: `/api/channels/${id}/invite-candidates?q=test`, expect: ownerOnly(200) },
      { method: 'GET', path: `/api/channels/${id}/invite-candidates`, expect: { ...all(422), guest: 401 } },
      { method: 'DELETE', path: `/api/channels/${id}/invites/${nobody}`, expect: ownerOnly(404) },
      {
        method: 'POST',
        path: `/api/channels/${publicId}/decline`,
        expect: { guest: 401, stranger: 404, member: 404, owner: 404, admin: 404 },
      },
      { method: 'GET', path: '/api/channel-invitations', expect: { ...all(200), guest: 401 } },
      {
        method: 'POST',
        path: `/api/channels/${id}/invites`,
        body: { handle: 'no-such-handle-here' },
        expect: ownerOnly(422),
      },
      // Last but one: from here on the stranger holds an invitation (and may read, not yet write).
      { method: 'POST', path: `/api/channels/${id}/invites`, body: { user_id: strangerId }, expect: ownerOnly(201) },
      {
        method: 'POST',
        path: `/api/channels/${id}/leave`,
        expect: { guest: 401, stranger: 403, member: 200, owner: 422, admin: 403 },
      },
    ]);
  });
});
