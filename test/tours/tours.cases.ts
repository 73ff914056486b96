import { Clock } from '../../src/common/clock';
import type { ChatRequestedEvent, DomainEventEnvelope } from '../../src/contracts/events';
import { ChatsCommandService } from '../../src/modules/chats';
import { DomainEvents } from '../../src/modules/events';
import { TimersService } from '../../src/modules/jobs';
import { TOUR_CHAT_CONSUMER, TOUR_REMINDER_TIMER, ToursService } from '../../src/modules/tours';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable, expectPage } from '../support/authorization';

/** Tour requests: the state machine with the Clock injected, reminders re-checked on fire, the calendar file. */
describe('tours', () => {
  let t: TestApp;
  let tours: ToursService;
  let timers: TimersService;
  let clock: Clock;
  let realtor: { client: TestClient; user: User };
  let buyer: { client: TestClient; user: User };
  let n = 0;
  const NOW = new Date('2026-11-19T12:00:00Z');
  const SAT_10_CHICAGO = '2026-11-21T16:00:00.000Z';
  const SAT_14_CHICAGO = '2026-11-21T20:00:00.000Z';
  const SUN_11_CHICAGO = '2026-11-22T17:00:00.000Z';

  async function listing(published = true): Promise<string> {
    n += 1;
    const [row] = await t.db.query(
      `INSERT INTO properties (user_id, slug, name, city, address, publish, published_at, latitude, longitude, price)
       VALUES ($1, $2, $3, 'Austin', '12 Main St, Austin, TX', $4, now(), 30.25, -97.75, 400000) RETURNING id`,
      [realtor.user.id, `tour-${n}-${Date.now()}`, `Loft ${n}`, published],
    );
    return row.id;
  }
  const request = async (propertyId: string, times = [SAT_10_CHICAGO, SAT_14_CHICAGO], who = buyer.user) =>
    tours.request(who, { property_id: propertyId, mode: 'in_person', times, message: 'Can I bring my dog?' });
  /** The `tour.requested` envelope the tours service publishes for `tour`, to hand to a consumer directly. */
  const requestedEnvelope = (tour: Awaited<ReturnType<typeof request>>, buyerId: string) => ({
    id: `tour.requested|${tour.id}`,
    name: 'tour.requested' as const,
    occurred_at: tour.created_at,
    payload: {
      tour_id: tour.id,
      property_id: tour.property.id,
      buyer_id: buyerId,
      realtor_id: realtor.user.id,
      mode: tour.mode,
      offered_times: tour.offered_times,
      requested_at: tour.created_at,
    },
  });
  const bell = (userId: string) =>
    t.db.query(`SELECT title FROM notifications WHERE user_id = $1 AND kind = 'tour' ORDER BY created_at, title`, [
      userId,
    ]) as Promise<Array<{ title: string }>>;
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: { status?: number; getStatus?: () => number }) => e.getStatus?.() ?? e.status ?? 500,
    );

  beforeAll(async () => {
    t = await bootTestApp();
    tours = t.app.get(ToursService);
    timers = t.app.get(TimersService);
    clock = t.app.get(Clock);
    clock.set(NOW);
    realtor = await t.signedIn({ type: 'realtor', timezone: 'America/Chicago' });
    buyer = await t.signedIn({ timezone: 'Europe/London' });
  });
  afterAll(() => t.close());

  it('walks request → propose → confirm, telling each side in its own time zone', async () => {
    const tour = await request(await listing());
    expect(tour).toMatchObject({ status: 'requested', offered_by: 'buyer', my_side: 'buyer', actions: ['cancel'] });
    expect((await bell(realtor.user.id)).at(-1)!.title).toContain('Sat 21 Nov 2026, 10:00 (America/Chicago)');
    expect(await status(tours.confirm(buyer.user, tour.id, SAT_10_CHICAGO))).toBe(403); // not the buyer's answer
    expect(await status(tours.confirm(realtor.user, tour.id, SUN_11_CHICAGO))).toBe(422); // not offered
    const moved = await tours.propose(realtor.user, tour.id, [SUN_11_CHICAGO]);
    expect(moved).toMatchObject({ status: 'proposed', offered_by: 'realtor', offered_times: [SUN_11_CHICAGO] });
    expect((await bell(buyer.user.id)).at(-1)!.title).toContain('Sun 22 Nov 2026, 17:00 (Europe/London)');
    const done = await tours.confirm(buyer.user, tour.id, SUN_11_CHICAGO);
    expect(done).toMatchObject({ status: 'confirmed', scheduled_at: SUN_11_CHICAGO, actions: ['propose', 'cancel'] });
    expect((await bell(realtor.user.id)).at(-1)!.title).toBe(
      'Tour confirmed: Sun 22 Nov 2026, 11:00 (America/Chicago)',
    );
    expect((await bell(buyer.user.id)).at(-1)!.title).toBe('Tour confirmed: Sun 22 Nov 2026, 17:00 (Europe/London)');
    expect(await status(tours.confirm(buyer.user, tour.id, SUN_11_CHICAGO))).toBe(409);
    expect(await status(tours.decline(realtor.user, tour.id))).toBe(409);
    await tours.cancel(buyer.user, tour.id);
    expect(await status(tours.cancel(realtor.user, tour.id))).toBe(409); // final
    expect(await status(tours.propose(buyer.user, tour.id, [SAT_10_CHICAGO]))).toBe(409);
  });

  it('refuses bad requests: own listing, drafts, past times, a second open request', async () => {
    const id = await listing();
    expect(await status(request(id, [SAT_10_CHICAGO], realtor.user))).toBe(422);
    expect(await status(request(await listing(false)))).toBe(404); // a draft is not visible to the buyer
    expect(await status(request(id, ['2026-11-19T12:30:00Z']))).toBe(422); // less than an hour ahead
    const first = await request(id);
    expect(await status(request(id))).toBe(409);
    const declined = await tours.decline(realtor.user, first.id, 'Sold');
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'Sold' });
    expect((await request(id)).status).toBe('requested'); // a declined request frees the listing
  });

  it('reminds a day and an hour ahead, once, and never for a cancelled or rescheduled tour', async () => {
    const kept = await request(await listing());
    await tours.confirm(realtor.user, kept.id, SAT_10_CHICAGO);
    const data = (lead: string, startsAt = SAT_10_CHICAGO) => ({ tourId: kept.id, startsAt, lead });
    const fire = (lead: string, startsAt?: string) =>
      t.app.get(TimersService).fire(TOUR_REMINDER_TIMER, data(lead, startsAt));
    const reminders = async () => (await bell(buyer.user.id)).filter((b) => b.title.startsWith('Reminder')).length;
    const before = await reminders();
    await fire('24h'); // fired early: nothing
    expect(await reminders()).toBe(before);
    clock.set(new Date('2026-11-20T16:00:00Z'));
    await fire('24h');
    await fire('24h'); // a double fire sends once
    expect(await reminders()).toBe(before + 1);
    expect((await bell(realtor.user.id)).at(-1)!.title).toBe(
      'Reminder: tour of Loft ' + n + ' at Sat 21 Nov 2026, 10:00 (America/Chicago)',
    );

    // Rescheduled: the old timer finds another start and stays quiet; cancelled: nothing at all.
    await tours.propose(buyer.user, kept.id, [SUN_11_CHICAGO]);
    await tours.confirm(realtor.user, kept.id, SUN_11_CHICAGO);
    clock.set(new Date('2026-11-21T15:00:00Z'));
    await fire('1h');
    expect(await reminders()).toBe(before + 1);
    await tours.cancel(realtor.user, kept.id);
    clock.set(new Date('2026-11-22T16:00:00Z'));
    await fire('1h', SUN_11_CHICAGO);
    expect(await reminders()).toBe(before + 1);
    clock.set(NOW);
    void timers;
  });

  it('serves the calendar file to both parties with a stable UID, and a cancellation after', async () => {
    const tour = await request(await listing());
    expect((await buyer.client.get(`/api/tours/${tour.id}/calendar`)).status).toBe(409); // no agreed time yet
    await tours.confirm(realtor.user, tour.id, SAT_14_CHICAGO);
    const res = await buyer.client.get(`/api/tours/${tour.id}/calendar`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const text = res.text as string;
    expect(text).toContain('DTSTART:20261121T200000Z');
    expect(text).toMatch(new RegExp(`UID:tour-${tour.id}@`));
    expect(text).toContain('SEQUENCE:1');
    await tours.cancel(buyer.user, tour.id);
    const after = (await realtor.client.get(`/api/tours/${tour.id}/calendar`)).text as string;
    expect(after).toContain('METHOD:CANCEL');
    expect(after).toContain('SEQUENCE:2');
    expect(after.match(/UID:.*/)![0]).toBe(text.match(/UID:.*/)![0]);
  });

  it('mails both sides the calendar entry: a request when confirmed, a cancellation when cancelled', async () => {
    type Stored = { id: string; subject: string; attachments: Array<{ contentType: string; content: string }> };
    let tourId = '';
    const mailTo = async (email: string, subject: string): Promise<Stored> => {
      for (let i = 0; i < 100; i += 1) {
        const [row] = await t.db.query(
          `SELECT id, subject, attachments FROM mails
            WHERE "to" = $1 AND subject LIKE $2 AND attachments::text LIKE $3 ORDER BY created_at DESC`,
          [email.toLowerCase(), `${subject}%`, `%tour-${tourId}@%`],
        );
        if (row) return row;
        await new Promise((resolve) => setTimeout(resolve, 50)); // the mail queue's worker writes the row
      }
      throw new Error(`no "${subject}" mail for ${email}`);
    };
    const tour = await request(await listing(), [SAT_14_CHICAGO]);
    tourId = tour.id;
    await tours.confirm(realtor.user, tour.id, SAT_14_CHICAGO);
    const [toBuyer, toRealtor] = await Promise.all([
      mailTo(buyer.user.email, 'Tour confirmed'),
      mailTo(realtor.user.email, 'Tour confirmed'),
    ]);
    for (const mail of [toBuyer, toRealtor]) {
      expect(mail.attachments).toHaveLength(1);
      const [ics] = mail.attachments;
      expect(ics.contentType).toBe('text/calendar; method=REQUEST; charset=UTF-8');
      expect(ics.content).toContain('METHOD:REQUEST');
      expect(ics.content).toContain(`UID:tour-${tour.id}@`);
      expect(ics.content).toContain('DTSTART:20261121T200000Z');
    }
    // The development mailbox hands the file over as a download.
    const file = await buyer.client.get(`/dev/mailbox/${toBuyer.id}/attachments/0`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/calendar');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="tour-.*\.ics"$/);

    await tours.cancel(buyer.user, tour.id);
    const [cancelled] = (await mailTo(realtor.user.email, 'Tour cancelled')).attachments;
    expect(cancelled.contentType).toContain('method=CANCEL');
    expect(cancelled.content).toContain('METHOD:CANCEL');
    expect(cancelled.content).toContain('SEQUENCE:2');
    expect((await mailTo(buyer.user.email, 'Tour cancelled')).attachments[0].content).toContain('METHOD:CANCEL');
  });

  it('lands once in the buyer–realtor chat and once as a CRM lead, however often the event arrives', async () => {
    const someone = await t.signedIn({ timezone: 'Europe/London' });
    const events = t.app.get(DomainEvents);
    const deliverTwice = async (tour: Awaited<ReturnType<typeof request>>) => {
      const envelope = requestedEnvelope(tour, someone.user.id);
      for (const consumer of [TOUR_CHAT_CONSUMER, 'crm.leads', TOUR_CHAT_CONSUMER, 'crm.leads'])
        await events.deliver(consumer, envelope);
    };
    const first = await request(await listing(), [SAT_10_CHICAGO, SAT_14_CHICAGO], someone.user);
    await deliverTwice(first);
    const posted = (await t.db.query(
      `SELECT m.chat_id, m.user_id, m.type, m.content, m.data FROM chat_messages m WHERE m.ref = $1`,
      [`tour:${first.id}`],
    )) as Array<{ chat_id: string; user_id: string; type: string; content: string; data: Record<string, any> }>;
    expect(posted).toHaveLength(1);
    const [msg] = posted;
    expect(msg).toMatchObject({ user_id: someone.user.id, type: 'listing' });
    expect(msg.content).toContain('an in-person tour of Loft ' + n);
    expect(msg.content).toContain('Sat 21 Nov 2026, 10:00 (America/Chicago)'); // the realtor's zone
    expect(msg.content).toContain('Sat 21 Nov 2026, 14:00 (America/Chicago)');
    expect(msg.data.listing).toMatchObject({ title: 'Loft ' + n, url: expect.stringMatching(/^\/properties\/tour-/) });
    expect(msg.data.tour).toMatchObject({ id: first.id, mode: 'in_person' });
    const people = await t.db.query(`SELECT user_id FROM chat_participants WHERE chat_id = $1 ORDER BY user_id`, [
      msg.chat_id,
    ]);
    expect(people.map((p: { user_id: string }) => p.user_id)).toEqual([someone.user.id, realtor.user.id].sort());

    // A second tour from the same buyer: the same chat, a second lead, still one contact.
    const second = await request(await listing(), [SUN_11_CHICAGO], someone.user);
    await deliverTwice(second);
    const inChat = await t.db.query(`SELECT ref FROM chat_messages WHERE chat_id = $1 AND ref LIKE 'tour:%'`, [
      msg.chat_id,
    ]);
    expect(inChat.map((r: { ref: string }) => r.ref).sort()).toEqual([`tour:${first.id}`, `tour:${second.id}`].sort());
    const leads = (await t.db.query(
      `SELECT l.source_ref, l.contact_id, l.property_id FROM crm_leads l WHERE l.source = 'tour' AND l.source_ref IN ($1, $2)`,
      [`tour:${first.id}`, `tour:${second.id}`],
    )) as Array<{ source_ref: string; contact_id: string; property_id: string }>;
    expect(leads.map((l) => l.source_ref).sort()).toEqual([`tour:${first.id}`, `tour:${second.id}`].sort());
    expect(leads.find((l) => l.source_ref === `tour:${first.id}`)!.property_id).toBe(first.property.id);
    expect(new Set(leads.map((l) => l.contact_id)).size).toBe(1);
    const contacts = await t.db.query(
      `SELECT c.id FROM crm_contacts c WHERE c.user_id = $1 AND c.merged_into_id IS NULL
          AND c.team_id IN (SELECT team_id FROM crm_leads WHERE source_ref = $2)`,
      [someone.user.id, `tour:${first.id}`],
    );
    expect(contacts).toEqual([{ id: leads[0].contact_id }]);
  });

  it('a tour that opens a new chat is one CRM lead: the chat it opens is not a second', async () => {
    const events = t.app.get(DomainEvents);
    const published: DomainEventEnvelope<'chat.requested'>[] = [];
    const spy = jest.spyOn(events, 'publish').mockImplementation(async (name, id, payload) => {
      if (name === 'chat.requested')
        published.push({ id, name, occurred_at: NOW.toISOString(), payload: payload as ChatRequestedEvent });
    });
    const leadsOf = (userId: string) =>
      t.db.query(
        `SELECT l.source, l.source_ref FROM crm_leads l JOIN crm_contacts c ON c.id = l.contact_id
          WHERE c.user_id = $1 ORDER BY l.source`,
        [userId],
      ) as Promise<Array<{ source: string; source_ref: string }>>;
    try {
      const newcomer = await t.signedIn({ timezone: 'Europe/London' });
      const tour = await request(await listing(), [SAT_10_CHICAGO], newcomer.user);
      const envelope = requestedEnvelope(tour, newcomer.user.id);
      await events.deliver(TOUR_CHAT_CONSUMER, envelope); // opens the buyer–realtor chat
      await events.deliver('crm.leads', envelope);
      expect(published).toHaveLength(1); // the chat was new: a chat request, marked as the tour's
      expect(published[0].payload).toMatchObject({ from_user_id: newcomer.user.id, origin: `tour:${tour.id}` });
      await events.deliver('crm.leads', published[0]);
      expect(await leadsOf(newcomer.user.id)).toEqual([{ source: 'tour', source_ref: `tour:${tour.id}` }]);

      // A chat the person starts themselves is still a chat-request lead.
      const chatter = await t.signedIn();
      await t.app.get(ChatsCommandService).startDirect(chatter.user, realtor.user.id, { message: 'Hi' });
      expect(published).toHaveLength(2);
      await events.deliver('crm.leads', published[1]);
      expect(await leadsOf(chatter.user.id)).toEqual([
        { source: 'chat_request', source_ref: `chat:${published[1].payload.chat_id}` },
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers each caller as the authorization table says', async () => {
    const stranger = await t.signedIn();
    const clients = {
      guest: await t.client(),
      stranger: stranger.client,
      buyer: buyer.client,
      realtor: realtor.client,
    };
    const open = async () => (await request(await listing())).id;
    let shared = await open();
    const any = (s: number) => ({ guest: 401, stranger: s, buyer: s, realtor: s });
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/tours', inertia: true, expect: { guest: 302, stranger: 200, buyer: 200, realtor: 200 } },
      { method: 'GET', path: '/api/tours?side=realtor', expect: any(200) },
      {
        method: 'GET',
        path: () => `/api/tours/${shared}`,
        expect: { guest: 401, stranger: 403, buyer: 200, realtor: 200 },
      },
      { method: 'GET', path: '/api/tours/00000000-0000-4000-8000-000000000000', expect: any(404) },
      {
        method: 'POST',
        name: 'POST /api/tours',
        path: '/api/tours',
        body: async () => ({ property_id: await listing(), mode: 'video', times: [SAT_10_CHICAGO] }),
        expect: { guest: 401, stranger: 201, buyer: 201, realtor: 422 },
      },
      {
        method: 'POST',
        name: 'POST /api/tours/{id}/confirm',
        path: async () => `/api/tours/${(shared = await open())}/confirm`,
        body: { time: SAT_10_CHICAGO },
        expect: { guest: 401, stranger: 403, buyer: 403, realtor: 200 },
      },
      {
        method: 'POST',
        name: 'POST /api/tours/{id}/propose',
        path: async () => `/api/tours/${await open()}/propose`,
        body: { times: [SUN_11_CHICAGO] },
        expect: { guest: 401, stranger: 403, buyer: 403, realtor: 200 },
      },
      {
        method: 'POST',
        name: 'POST /api/tours/{id}/decline',
        path: async () => `/api/tours/${await open()}/decline`,
        body: {},
        expect: { guest: 401, stranger: 403, buyer: 403, realtor: 200 },
      },
      {
        method: 'POST',
        name: 'POST /api/tours/{id}/cancel',
        path: async () => `/api/tours/${await open()}/cancel`,
        expect: { guest: 401, stranger: 403, buyer: 200, realtor: 200 },
      },
      {
        method: 'GET',
        name: 'GET /api/tours/{id}/calendar',
        path: () => `/api/tours/${shared}/calendar`,
        expect: { guest: 401, stranger: 403, buyer: 200, realtor: 200 },
      },
    ]);
    expectPage(await buyer.client.visit('/tours?side=buyer'), 'Tours/Index', { side: 'buyer' });
    const c = buyer.client;
    expect((await c.post('/api/tours').send({ property_id: 'x', mode: 'walk', times: [] })).body.errors).toEqual(
      expect.objectContaining({ property_id: expect.any(Array), mode: expect.any(Array), times: expect.any(Array) }),
    );
    expect((await c.post(`/api/tours/${shared}/confirm`).send({ time: 'soon' })).status).toBe(422);
    expect((await c.get('/api/tours?side=seller')).status).toBe(422);
  });
});
