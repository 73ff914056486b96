import { Clock } from '../../src/common/clock';
import { DomainEvents } from '../../src/modules/events';
import { TimersService } from '../../src/modules/jobs';
import { CrmIntakeService } from '../../src/modules/crm';
import { CrmLeadsService } from '../../src/modules/crm/leads/crm-leads.service';
import { CrmRoutingService } from '../../src/modules/crm/leads/crm-routing.service';
import { CrmMergeService } from '../../src/modules/crm/contacts/crm-merge.service';
import { bootTestApp, TestApp } from '../support/app';
import { makeBook, makeProperty } from './support';

jest.setTimeout(120_000);

/** The CRM's rules on the booted app: intake dedupe, routing order, first to claim, speed to lead, merge. */
describe('crm: leads and contacts rules', () => {
  let t: TestApp;
  let intake: CrmIntakeService;
  let clock: Clock;
  let n = 0;
  const ref = () => `ref-${++n}`;

  beforeAll(async () => {
    t = await bootTestApp();
    intake = t.app.get(CrmIntakeService);
    clock = t.app.get(Clock);
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  const lead = async (id: string) => (await t.db.query(`SELECT * FROM crm_leads WHERE id = $1`, [id]))[0];
  const contactCount = async (teamId: string) =>
    Number((await t.db.query(`SELECT count(*) FROM crm_contacts WHERE team_id = $1`, [teamId]))[0].count);

  it('finds a known person by normalised email or E.164 phone: a new activity, never a duplicate', async () => {
    const book = await makeBook(t);
    const base = { teamId: book.teamId, source: 'website' as const, name: 'Ann Lee' };
    const first = await intake.intake({
      ...base,
      sourceRef: ref(),
      email: 'Ann.Lee@Example.com',
      consentVersion: 'v1',
    });
    const byEmail = await intake.intake({
      ...base,
      sourceRef: ref(),
      email: ' ann.lee@example.COM ',
      phone: '(415) 555-0132',
    });
    const byPhone = await intake.intake({ ...base, sourceRef: ref(), phone: '+1 415 555 0132' });
    expect(first.created_contact).toBe(true);
    expect([byEmail.created_contact, byPhone.created_contact]).toEqual([false, false]);
    expect(new Set([first.contact_id, byEmail.contact_id, byPhone.contact_id]).size).toBe(1);
    expect(await contactCount(book.teamId)).toBe(1);
    const [c] = await t.db.query(`SELECT email, phone, consent_version FROM crm_contacts WHERE id = $1`, [
      first.contact_id,
    ]);
    expect(c).toEqual({ email: 'ann.lee@example.com', phone: '+14155550132', consent_version: 'v1' });
    const acts = await t.db.query(`SELECT kind FROM crm_activities WHERE contact_id = $1`, [first.contact_id]);
    expect(acts).toHaveLength(3);
  });

  it('the same submission twice (a replay, a repeated event) is one lead; bad keys answer 422', async () => {
    const book = await makeBook(t);
    const sub = { teamId: book.teamId, source: 'website' as const, sourceRef: ref(), name: 'Bo', email: 'bo@x.co' };
    const [a, b] = await Promise.all([intake.intake(sub), intake.intake(sub)]);
    expect(a.lead_id).toBe(b.lead_id);
    expect([a.created_lead, b.created_lead].sort()).toEqual([false, true]);
    await expect(intake.intake({ ...sub, sourceRef: ref(), email: 'nope' })).rejects.toMatchObject({ status: 422 });
    await expect(intake.intake({ ...sub, sourceRef: ref(), email: null, phone: '123' })).rejects.toMatchObject({
      status: 422,
    });
  });

  it('routes by ordered rules; round robin is reproducible and skips paused agents; fallback is the owner', async () => {
    const book = await makeBook(t, 3);
    const [a, b, c] = book.agents.map((x) => x.user.id);
    await t.db.query(
      `INSERT INTO crm_routing_rules (team_id, position, name, zips, target, agent_ids)
       VALUES ($1, 1, 'West', '{94110}', 'round_robin', $2), ($1, 2, 'Solo', '{}', 'agent', $3)`,
      [book.teamId, [a, b, c], [c]],
    );
    const send = (zip: string) =>
      intake.intake({
        teamId: book.teamId,
        source: 'website',
        sourceRef: ref(),
        name: 'X',
        email: `x${n}@r.co`,
        property: { id: null, zip, priceMinor: null, type: null },
      });
    const order = [];
    for (let i = 0; i < 4; i++) order.push((await lead((await send('94110')).lead_id)).agent_id);
    expect(order).toEqual([a, b, c, a]);
    await t.db.query(`INSERT INTO crm_agent_settings (team_id, user_id, paused) VALUES ($1, $2, true)`, [
      book.teamId,
      b,
    ]);
    const skipped = await lead((await send('94110')).lead_id);
    expect(skipped.agent_id).toBe(c);
    expect(skipped.routing_reason).toBe('routed by rule 1: zip 94110 → round robin West');
    expect((await lead((await send('10001')).lead_id)).agent_id).toBe(c);
    await t.db.query(`UPDATE crm_agent_settings SET paused = true WHERE team_id = $1`, [book.teamId]);
    await t.db.query(
      `INSERT INTO crm_agent_settings (team_id, user_id, paused) VALUES ($1, $2, true), ($1, $3, true)`,
      [book.teamId, a, c],
    );
    const owner = await lead((await send('10001')).lead_id);
    expect([owner.agent_id, owner.routing_reason]).toEqual([
      book.owner.user.id,
      'routed to the team owner: no rule matched an available agent',
    ]);
  });

  it('many simultaneous leads for one book all land, shared evenly by round robin (no pool starvation)', async () => {
    const book = await makeBook(t, 3);
    const ids = book.agents.map((x) => x.user.id);
    await t.db.query(
      `INSERT INTO crm_routing_rules (team_id, position, name, target, agent_ids) VALUES ($1, 1, 'RR', 'round_robin', $2)`,
      [book.teamId, ids],
    );
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        intake.intake({
          teamId: book.teamId,
          source: 'website',
          sourceRef: ref(),
          name: `P${i}`,
          email: `p${i}@rr.co`,
        }),
      ),
    );
    expect(results.every((r) => r.created_lead)).toBe(true);
    const shares = await t.db.query(
      `SELECT agent_id, count(*)::int AS n FROM crm_leads WHERE team_id = $1 GROUP BY agent_id`,
      [book.teamId],
    );
    expect(shares.map((r: { n: number }) => r.n)).toEqual([10, 10, 10]);
  });

  it('first to claim: of many simultaneous claims exactly one wins', async () => {
    const book = await makeBook(t, 4);
    await t.db.query(
      `INSERT INTO crm_routing_rules (team_id, position, name, target, agent_ids) VALUES ($1, 1, 'Pool', 'first_to_claim', $2)`,
      [book.teamId, book.agents.map((x) => x.user.id)],
    );
    const got = await intake.intake({
      teamId: book.teamId,
      source: 'website',
      sourceRef: ref(),
      name: 'C',
      email: 'c@c.co',
    });
    expect((await lead(got.lead_id)).status).toBe('claimable');
    const answers = await Promise.all(
      book.agents.map((x) => x.client.post(`/api/crm/leads/${got.lead_id}/claim`).set('Accept', 'application/json')),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = book.agents[answers.findIndex((r) => r.status === 200)].user.id;
    expect(await lead(got.lead_id)).toMatchObject({ status: 'assigned', agent_id: winner, candidate_ids: [] });
    // A claim arriving after the winner's committed hears the same 409 (the lead is no longer offered to anyone).
    const loser = book.agents.find((x) => x.user.id !== winner)!;
    expect((await loser.client.post(`/api/crm/leads/${got.lead_id}/claim`)).status).toBe(409);
  });

  it('speed to lead: an uncontacted lead moves on when its timer fires (re-checked against the Clock)', async () => {
    const book = await makeBook(t, 2);
    const [a, b] = book.agents.map((x) => x.user.id);
    await t.db.query(
      `INSERT INTO crm_routing_rules (team_id, position, name, target, agent_ids) VALUES ($1, 1, 'RR', 'round_robin', $2)`,
      [book.teamId, [a, b]],
    );
    clock.set('2026-11-23T10:00:00Z');
    const timers = t.app.get(TimersService);
    const first = await intake.intake({
      teamId: book.teamId,
      source: 'website',
      sourceRef: ref(),
      name: 'S',
      email: 's@s.co',
    });
    expect((await lead(first.lead_id)).agent_id).toBe(a);
    clock.advance(14 * 60_000);
    await timers.fire('crm.speed-to-lead', { leadId: first.lead_id });
    expect((await lead(first.lead_id)).agent_id).toBe(a); // early: nothing
    clock.advance(60_000);
    await timers.fire('crm.speed-to-lead', { leadId: first.lead_id });
    const moved = await lead(first.lead_id);
    expect([moved.agent_id, moved.reassignments]).toEqual([b, 1]);
    expect(moved.routing_reason).toMatch(/^reassigned after 15 minutes without contact: routed by rule 1/);
    await timers.fire('crm.speed-to-lead', { leadId: first.lead_id }); // again at once: not due for b
    expect((await lead(first.lead_id)).agent_id).toBe(b);
    // Contacted in time: the next firing changes nothing.
    const r = await book.agents[1].client
      .post(`/api/crm/leads/${first.lead_id}/contacted`)
      .set('Accept', 'application/json');
    expect(r.status).toBe(200);
    clock.advance(60 * 60_000);
    await timers.fire('crm.speed-to-lead', { leadId: first.lead_id });
    expect(await lead(first.lead_id)).toMatchObject({ agent_id: b, status: 'contacted' });
    const notes = await t.db.query(`SELECT user_id FROM notifications WHERE user_id = ANY($1)`, [[a, b]]);
    expect(notes.map((x: { user_id: string }) => x.user_id).sort()).toEqual([a, b].sort());
  });

  it('merge moves every activity to the survivor and undo puts everything back', async () => {
    const book = await makeBook(t);
    const one = await intake.intake({
      teamId: book.teamId,
      source: 'website',
      sourceRef: ref(),
      name: 'Dee',
      email: 'dee@d.co',
    });
    const two = await intake.intake({
      teamId: book.teamId,
      source: 'website',
      sourceRef: ref(),
      name: '',
      phone: '4155550199',
    });
    const merges = t.app.get(CrmMergeService);
    const { merge_id } = await merges.merge(book.owner.user, one.contact_id, two.contact_id);
    const survivor = (await t.db.query(`SELECT phone FROM crm_contacts WHERE id = $1`, [one.contact_id]))[0];
    expect(survivor.phone).toBe('+14155550199');
    expect(await lead(two.lead_id)).toMatchObject({ contact_id: one.contact_id });
    // A new lead with the merged phone now lands on the survivor.
    const again = await intake.intake({
      teamId: book.teamId,
      source: 'website',
      sourceRef: ref(),
      name: 'D',
      phone: '415 555 0199',
    });
    expect(again.contact_id).toBe(one.contact_id);
    await merges.undo(book.owner.user, merge_id);
    expect(await lead(two.lead_id)).toMatchObject({ contact_id: two.contact_id });
    const [s2] = await t.db.query(`SELECT phone FROM crm_contacts WHERE id = $1`, [one.contact_id]);
    const [m2] = await t.db.query(`SELECT merged_into_id, phone FROM crm_contacts WHERE id = $1`, [two.contact_id]);
    expect([s2.phone, m2.merged_into_id, m2.phone]).toEqual([null, null, '+14155550199']);
    await expect(merges.undo(book.owner.user, merge_id)).rejects.toMatchObject({ status: 422 });
  });

  it('an open-house registration becomes a lead of the listing team once, however often the event arrives', async () => {
    const book = await makeBook(t);
    const propertyId = await makeProperty(t, book, { zip: '94110' });
    const events = t.app.get(DomainEvents);
    const envelope = {
      id: 'rsvp|x',
      name: 'open_house.registered' as const,
      occurred_at: new Date().toISOString(),
      payload: {
        rsvp_id: '7d1c64a4-0000-4000-8000-000000000001',
        open_house_id: '7d1c64a4-0000-4000-8000-000000000002',
        property_id: propertyId,
        user_id: null,
        name: 'Eve',
        email: 'eve@e.co',
        registered_at: new Date().toISOString(),
      },
    };
    await events.deliver('crm.leads', envelope);
    await events.deliver('crm.leads', envelope);
    const leads = await t.db.query(`SELECT source, zip, price_minor FROM crm_leads WHERE team_id = $1`, [book.teamId]);
    expect(leads).toEqual([{ source: 'open_house', zip: '94110', price_minor: '90000000' }]);
  });

  it('a chat request is a lead once (not one another area opened); a follow only when the book opts in', async () => {
    const book = await makeBook(t);
    const viewer = await t.signedIn({ type: 'viewer' });
    const events = t.app.get(DomainEvents);
    const at = new Date().toISOString();
    const chat = (chatId: string, origin: string | null) => ({
      id: `chat|${chatId}`,
      name: 'chat.requested' as const,
      occurred_at: at,
      payload: {
        chat_id: chatId,
        from_user_id: viewer.user.id,
        to_user_id: book.owner.user.id,
        requested_at: at,
        origin,
      },
    });
    const follow = {
      id: `follow|${viewer.user.id}`,
      name: 'user.followed' as const,
      occurred_at: at,
      payload: { follower_id: viewer.user.id, followee_id: book.owner.user.id, followed_at: at },
    };
    const leads = () =>
      t.db.query(`SELECT source, source_ref FROM crm_leads WHERE team_id = $1 ORDER BY source`, [book.teamId]);
    await events.deliver('crm.leads', chat('7d1c64a4-0000-4000-8000-00000000c001', null));
    await events.deliver('crm.leads', chat('7d1c64a4-0000-4000-8000-00000000c001', null));
    await events.deliver('crm.leads', chat('7d1c64a4-0000-4000-8000-00000000c002', 'tour:x'));
    await events.deliver('crm.leads', follow);
    expect(await leads()).toEqual([
      { source: 'chat_request', source_ref: 'chat:7d1c64a4-0000-4000-8000-00000000c001' },
    ]);
    await t.db.query(
      `INSERT INTO crm_settings (team_id, follows_as_leads) VALUES ($1, true)
       ON CONFLICT (team_id) DO UPDATE SET follows_as_leads = true`,
      [book.teamId],
    );
    await events.deliver('crm.leads', follow);
    await events.deliver('crm.leads', follow);
    expect((await leads()).map((l: { source: string }) => l.source)).toEqual(['chat_request', 'follow']);
    const [contact] = await t.db.query(`SELECT count(*)::int AS n FROM crm_contacts WHERE team_id = $1`, [book.teamId]);
    expect(contact.n).toBe(1);
  });

  it('a listing inquiry goes to the routed agent; a filled honeypot is dropped', async () => {
    const book = await makeBook(t, 1);
    const propertyId = await makeProperty(t, book);
    const leads = t.app.get(CrmLeadsService);
    const dto = { name: 'Fay', email: 'fay@f.co', message: 'Hi', consent_version: 'inquiry-2026-11' };
    expect(await leads.inquiry(propertyId, { ...dto, website: 'http://spam' }, '10.0.0.1', undefined)).toBeNull();
    const got = await leads.inquiry(propertyId, dto, '10.0.0.1', undefined);
    expect((await lead(got!.lead_id)).agent_id).toBe(book.owner.user.id);
    await expect(
      leads.inquiry(propertyId, { ...dto, consent_version: 'old' }, '10.0.0.2', undefined),
    ).rejects.toMatchObject({
      status: 422,
    });
    expect(t.app.get(CrmRoutingService)).toBeDefined();
  });
});
