import { signIntake, bookSecret } from '../../src/modules/crm/leads/intake-signature';
import { CrmIntakeService } from '../../src/modules/crm';
import { CreditsService } from '../../src/modules/credits';
import { CrmCampaignPublicService } from '../../src/modules/crm/campaigns/crm-campaign-public.service';
import { CrmCampaignsService } from '../../src/modules/crm/campaigns/crm-campaigns.service';
import type { User } from '../../src/modules/users';
import { deriveSecret } from '../../src/config/app-key';
import { signClick } from '../../src/modules/crm/templates/click-token';
import { expectAuthorizationTable } from '../support/authorization';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectMarketplaceTable } from './marketplace-authorization';
import { makeBook, makeProperty } from './support';

jest.setTimeout(180_000);

type Caller = 'guest' | 'stranger' | 'owner' | 'member' | 'viewer';
const MAIL_SECRET = 'auth-table-mail-secret';

/** The token with its signature's first character swapped: a MAC that cannot match, whatever the token was. */
function forgedClickToken(token: string): string {
  const dot = token.indexOf('.');
  return `${token.slice(0, dot + 1)}${token[dot + 1] === 'A' ? 'B' : 'A'}${token.slice(dot + 2)}`;
}

/**
 * Every CRM route and the agent channel: a guest, another realtor (stranger), the realtor who owns the book, an agent
 * of the team (member) and a signed-in viewer. No contact of one book is ever readable from another.
 */
describe('crm: authorization table', () => {
  let t: TestApp;
  let clients: Record<Caller, TestClient>;
  let teamId: string;
  let memberId: string;
  let ownerContact: string;
  let memberContact: string;
  let ownerTask: string;
  let propertyId: string;
  let ownerUser: User;
  let campaignId: string;
  let slug: string;
  let redeemedByOwner: string;
  let templateId: string;
  let sendToken: string;
  let clickToken: string;
  let n = 0;

  beforeAll(async () => {
    t = await bootTestApp({ MAIL_WEBHOOK_SECRET: MAIL_SECRET });
    const book = await makeBook(t, 1);
    teamId = book.teamId;
    memberId = book.agents[0].user.id;
    clients = {
      guest: await t.client(),
      stranger: (await makeBook(t)).owner.client,
      owner: book.owner.client,
      member: book.agents[0].client,
      viewer: (await t.signedIn({ type: 'viewer' })).client,
    };
    ownerContact = (await lead('owner@a.co')).contact_id;
    await t.db.query(
      `INSERT INTO crm_routing_rules (team_id, position, name, target, agent_ids) VALUES ($1, 1, 'M', 'agent', $2)`,
      [teamId, [memberId]],
    );
    memberContact = (await lead('member@a.co')).contact_id;
    const [task] = await t.db.query(
      `INSERT INTO crm_tasks (team_id, contact_id, title, due_at) VALUES ($1, $2, 'Call', now()) RETURNING id`,
      [teamId, ownerContact],
    );
    ownerTask = task.id;
    propertyId = await makeProperty(t, book);
    ownerUser = book.owner.user;
    await t.app.get(CreditsService).grant(ownerUser.id, 100, 'test');
    const campaign = (await book.owner.client.post('/api/crm/campaigns').send({ name: 'Farm' }).expect(201)).body;
    campaignId = campaign.id;
    slug = campaign.form_url.split('/c/')[1];
    redeemedByOwner = await freshCode('credits');
    await t.app.get(CrmCampaignPublicService).redeemCredits(ownerUser, redeemedByOwner, '10.0.0.1');
    templateId = (await freshTemplate()).id;
    await t.db.query(`UPDATE crm_contacts SET tags = '{auth}' WHERE id = $1`, [ownerContact]);
    await book.owner.client.post(`/api/crm/templates/${templateId}/send`).send({ tag: 'auth' }).expect(200);
    [{ token: sendToken }] = await t.db.query(`SELECT token FROM crm_email_sends LIMIT 1`);
    const linked = await clients.owner
      .post('/api/crm/templates')
      .send({ kind: 'email', name: 'L', subject: 'Hi', body: 'See https://example.com/a' })
      .expect(201);
    await clients.owner
      .post(`/api/crm/contacts/${ownerContact}/emails`)
      .send({ template_id: linked.body.id })
      .expect(200);
    const [{ id: sendId }] = await t.db.query(`SELECT id FROM crm_email_sends WHERE template_id = $1`, [
      linked.body.id,
    ]);
    clickToken = signClick(deriveSecret(t.config.appKey, 'crm-click'), sendId, 0);
  });
  afterAll(() => t.close());

  const lead = (email: string) =>
    t.app.get(CrmIntakeService).intake({ teamId, source: 'website', sourceRef: `a${++n}`, name: 'P', email });
  /** A contact held by the owner (not routed to the member). */
  const freshOwnerContact = async () => {
    const [row] = await t.db.query(
      `INSERT INTO crm_contacts (team_id, name, email, source, agent_id) VALUES ($1, 'F', $2, 'manual', $3) RETURNING id`,
      [teamId, `f${++n}@a.co`, null],
    );
    return row.id as string;
  };
  const freshMerge = async () => {
    const a = await freshOwnerContact();
    const b = await freshOwnerContact();
    const [row] = await t.db.query(
      `INSERT INTO crm_merges (team_id, survivor_id, merged_id, moved, survivor_before) VALUES ($1, $2, $3, $4, '{"tags":[]}') RETURNING id`,
      [teamId, a, b, JSON.stringify({ activities: [], leads: [], tasks: [] })],
    );
    await t.db.query(`UPDATE crm_contacts SET merged_into_id = $1 WHERE id = $2`, [a, b]);
    return row.id as string;
  };
  const freshPooled = async () => {
    const contact = await freshOwnerContact();
    const [row] = await t.db.query(
      `INSERT INTO crm_leads (team_id, contact_id, source, source_ref, status, candidate_ids, routing_reason)
       VALUES ($1, $2, 'website', $3, 'claimable', $4, 'pool') RETURNING id`,
      [teamId, contact, `p${++n}`, [memberId]],
    );
    return row.id as string;
  };
  const freshCode = async (kind: 'qr' | 'credits') => {
    const made = await t.app.get(CrmCampaignsService).makeCodes(ownerUser, campaignId, {
      kind,
      count: 1,
      credits: kind === 'credits' ? 1 : undefined,
      expires_in_days: 1,
    });
    return made.codes[0].code;
  };
  const freshTemplate = async () =>
    (
      await clients.owner
        .post('/api/crm/templates')
        .send({ kind: 'email', name: 'T', subject: 'Hi', body: 'Hello {{first_name}}' })
        .expect(201)
    ).body as { id: string };
  const memberLead = async () =>
    (await t.db.query(`SELECT id FROM crm_leads WHERE contact_id = $1`, [memberContact]))[0].id as string;
  const csv = () => Buffer.from(`name,email\nZed,zed${++n}@z.co\n`);
  const signed = (body: object = { external_id: 'x-1', name: 'Web', email: 'web@w.co' }) => {
    const secret = bookSecret(deriveSecret(t.config.appKey, 'crm-intake'), teamId);
    return { body, signature: signIntake(secret, Math.floor(Date.now() / 1000), JSON.stringify(body)) };
  };

  it('answers each caller as the table says', async () => {
    const all = (status: number) => ({
      guest: status,
      stranger: status,
      owner: status,
      member: status,
      viewer: status,
    });
    const book = (owner: number, member: number) => ({ guest: 401, stranger: 200, owner, member, viewer: 403 });
    const contact = (owner: number) => ({ guest: 401, stranger: 403, owner, member: 403, viewer: 403 });
    const page = { guest: 302, stranger: 200, owner: 200, member: 200, viewer: 403 };
    const sig = signed();
    const batch = signed({ leads: [{ external_id: 'x-batch-1', name: 'Web', email: 'web@w.co' }] });
    const eventBody = { id: 'evt-auth-1', type: 'bounce', bounce_type: 'soft', email: 'owner@a.co' };
    const mailEvent = {
      body: eventBody,
      signature: signIntake(MAIL_SECRET, Math.floor(Date.now() / 1000), JSON.stringify(eventBody)),
    };
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/contacts', inertia: true, expect: page },
      { method: 'GET', path: '/leads', inertia: true, expect: page },
      { method: 'GET', path: '/leads/routing', inertia: true, expect: { ...page, member: 403 } },
      {
        method: 'GET',
        path: () => `/contacts/${ownerContact}`,
        inertia: true,
        expect: { guest: 302, stranger: 403, owner: 200, member: 403, viewer: 403 },
      },
      {
        method: 'GET',
        path: () => `/contacts/${memberContact}`,
        inertia: true,
        expect: { guest: 302, stranger: 403, owner: 200, member: 200, viewer: 403 },
      },
      { method: 'GET', path: '/api/crm/contacts', expect: book(200, 200) },
      { method: 'GET', path: '/api/crm/contacts/export', expect: book(200, 403) },
      {
        method: 'POST',
        path: '/api/crm/contacts/import',
        attach: { field: 'file', filename: 'c.csv', bytes: csv },
        expect: book(200, 403),
      },
      { method: 'GET', path: () => `/api/crm/contacts/${ownerContact}`, expect: contact(200) },
      {
        method: 'POST',
        path: () => `/api/crm/contacts/${ownerContact}/notes`,
        body: { body: 'Hi' },
        expect: contact(201),
      },
      // A bad body is the contact's agent's 422 only: everyone else is refused before the body is read.
      {
        method: 'POST',
        name: 'POST /api/crm/contacts/:id/notes, bad body',
        path: () => `/api/crm/contacts/${ownerContact}/notes`,
        body: { body: '' },
        expect: contact(422),
      },
      {
        method: 'PUT',
        path: () => `/api/crm/contacts/${ownerContact}/stage`,
        body: { stage: 'appointment' },
        expect: contact(200),
      },
      {
        method: 'PUT',
        path: () => `/api/crm/contacts/${ownerContact}/tags`,
        body: { tags: ['vip'] },
        expect: contact(200),
      },
      {
        method: 'POST',
        path: () => `/api/crm/contacts/${ownerContact}/tasks`,
        body: { title: 'Call back', due_at: '2030-01-01T10:00:00.000Z' },
        expect: contact(201),
      },
      { method: 'PUT', path: () => `/api/crm/tasks/${ownerTask}`, body: { done: true }, expect: contact(200) },
      {
        method: 'PUT',
        name: 'PUT /api/crm/tasks/:id, bad body',
        path: () => `/api/crm/tasks/${ownerTask}`,
        body: { done: 'yes' },
        expect: contact(422),
      },
      {
        method: 'POST',
        name: 'POST /api/crm/contacts/:id/merge, bad body',
        path: () => `/api/crm/contacts/${memberContact}/merge`,
        body: { merge_id: 'the other one' },
        expect: { guest: 401, stranger: 403, owner: 422, member: 403, viewer: 403 },
      },
      {
        method: 'POST',
        path: async () => `/api/crm/contacts/${await freshOwnerContact()}/merge`,
        body: async () => ({ merge_id: await freshOwnerContact() }),
        expect: contact(200),
        name: 'POST /api/crm/contacts/:id/merge',
      },
      {
        method: 'POST',
        path: async () => `/api/crm/merges/${await freshMerge()}/undo`,
        expect: contact(200),
        name: 'POST /api/crm/merges/:id/undo',
      },
      {
        method: 'POST',
        path: async () => `/api/crm/leads/${await freshPooled()}/claim`,
        expect: { guest: 401, stranger: 403, owner: 403, member: 200, viewer: 403 },
        name: 'POST /api/crm/leads/:id/claim',
      },
      {
        method: 'POST',
        path: async () => `/api/crm/leads/${await memberLead()}/contacted`,
        expect: { guest: 401, stranger: 403, owner: 200, member: 200, viewer: 403 },
        name: 'POST /api/crm/leads/:id/contacted',
      },
      { method: 'GET', path: '/api/crm/leads', expect: book(200, 200) },
      { method: 'GET', path: '/api/crm/routing-rules', expect: book(200, 403) },
      { method: 'PUT', path: '/api/crm/routing-rules', body: { rules: [] }, expect: book(200, 403) },
      { method: 'GET', path: '/api/crm/settings', expect: book(200, 403) },
      { method: 'PUT', path: '/api/crm/settings', body: { speed_to_lead_minutes: 15 }, expect: book(200, 403) },
      { method: 'PUT', path: '/api/crm/me/paused', body: { paused: false }, expect: book(200, 200) },
      { method: 'GET', path: '/api/crm/intake-credentials', expect: book(200, 403) },
      { method: 'GET', path: '/api/crm/consent', expect: all(200) },
      {
        method: 'POST',
        path: () => `/api/crm/properties/${propertyId}/inquiries`,
        body: () => ({ name: 'Q', email: `q${++n}@q.co`, consent_version: 'inquiry-2026-11' }),
        expect: { guest: 201, stranger: 201, owner: 403, member: 201, viewer: 201 },
      },
      {
        method: 'POST',
        path: () => `/webhooks/crm/${teamId}`,
        body: sig.body,
        expect: all(401),
        name: 'POST /webhooks/crm/:team unsigned',
      },
      {
        method: 'POST',
        path: () => `/webhooks/crm/${teamId}`,
        body: sig.body,
        headers: { 'X-Reelty-Signature': sig.signature, 'Content-Type': 'application/json' },
        expect: all(200),
        name: 'POST /webhooks/crm/:team signed',
      },
      {
        method: 'POST',
        path: () => `/webhooks/crm/batch/${teamId}`,
        body: batch.body,
        expect: all(401),
        name: 'POST /webhooks/crm/batch/:team unsigned',
      },
      {
        method: 'POST',
        path: () => `/webhooks/crm/batch/${teamId}`,
        body: batch.body,
        headers: { 'X-Reelty-Signature': batch.signature, 'Content-Type': 'application/json' },
        expect: all(200),
        name: 'POST /webhooks/crm/batch/:team signed',
      },
      { method: 'GET', path: '/farm', inertia: true, expect: page },
      { method: 'GET', path: '/leads/analytics', inertia: true, expect: page },
      {
        method: 'POST',
        path: '/api/crm/campaigns',
        body: { name: 'C' },
        expect: { guest: 401, stranger: 201, owner: 201, member: 403, viewer: 403 },
      },
      {
        method: 'PUT',
        path: () => `/api/crm/campaigns/${campaignId}`,
        body: { headline: 'Hi' },
        expect: contact(200),
      },
      {
        method: 'POST',
        path: () => `/api/crm/campaigns/${campaignId}/codes`,
        body: { kind: 'qr', count: 1, expires_in_days: 1 },
        expect: contact(201),
      },
      {
        method: 'GET',
        path: () => `/api/crm/campaigns/${campaignId}/codes`,
        expect: { guest: 401, stranger: 403, owner: 200, member: 200, viewer: 403 },
      },
      {
        method: 'POST',
        path: '/api/crm/gifts',
        body: () => ({ contact_id: ownerContact, campaign_id: campaignId, description: 'Pie', cost_minor: 1500 }),
        expect: contact(201),
      },
      { method: 'GET', path: () => `/c/${slug}`, inertia: true, expect: all(200) },
      { method: 'GET', path: () => `/c/${slug}/thanks`, inertia: true, expect: all(200) },
      {
        method: 'POST',
        path: () => `/webhooks/crm/forms/${slug}`,
        body: { name: 'F', email: 'f@f.co', consent_version: 'campaign-2026-11', form_token: 't=1,v1=00' },
        expect: all(200),
      },
      {
        method: 'GET',
        path: async () => `/q/${await freshCode('qr')}`,
        inertia: true,
        expect: all(200),
        name: 'GET /q/:code',
      },
      {
        method: 'POST',
        path: async () => `/api/campaign-codes/${await freshCode('qr')}/redeem`,
        body: () => ({ name: 'Q', email: `qr${++n}@q.co`, consent_version: 'campaign-2026-11' }),
        expect: all(200),
        name: 'POST /api/campaign-codes/:code/redeem',
      },
      {
        method: 'POST',
        path: async () => `/api/campaign-codes/${await freshCode('credits')}/credits`,
        expect: { guest: 401, stranger: 200, owner: 200, member: 200, viewer: 200 },
        name: 'POST /api/campaign-codes/:code/credits',
      },
      {
        method: 'GET',
        path: '/redeem',
        inertia: true,
        expect: { guest: 302, stranger: 200, owner: 200, member: 200, viewer: 200 },
      },
      {
        method: 'GET',
        path: () => `/redeem/${redeemedByOwner}/success`,
        inertia: true,
        expect: { guest: 302, stranger: 403, owner: 200, member: 403, viewer: 403 },
        name: 'GET /redeem/:code/success',
      },
      { method: 'GET', path: '/email-templates', inertia: true, expect: page },
      { method: 'GET', path: '/templates', inertia: true, expect: page },
      {
        method: 'POST',
        path: '/api/crm/templates',
        body: { kind: 'social', name: 'S', body: 'Just listed: {{property_address}}' },
        expect: { guest: 401, stranger: 201, owner: 201, member: 201, viewer: 403 },
      },
      {
        method: 'POST',
        path: '/api/crm/templates/preview',
        body: { subject: 'Hi {{first_name}}', body: 'x' },
        expect: { guest: 401, stranger: 200, owner: 200, member: 200, viewer: 403 },
      },
      {
        method: 'PUT',
        path: () => `/api/crm/templates/${templateId}`,
        body: { kind: 'email', name: 'T2', subject: 'Hi', body: 'Hello' },
        expect: { guest: 401, stranger: 403, owner: 200, member: 200, viewer: 403 },
      },
      {
        method: 'POST',
        path: () => `/api/crm/templates/${templateId}/send`,
        body: { tag: 'auth' },
        expect: { guest: 401, stranger: 403, owner: 200, member: 200, viewer: 403 },
      },
      {
        method: 'DELETE',
        path: async () => `/api/crm/templates/${(await freshTemplate()).id}`,
        expect: { guest: 401, stranger: 403, owner: 204, member: 204, viewer: 403 },
        name: 'DELETE /api/crm/templates/:id',
      },
      { method: 'GET', path: () => `/unsubscribe/${sendToken}`, inertia: true, expect: all(200) },
      { method: 'POST', path: () => `/webhooks/crm/unsubscribe/${sendToken}`, expect: all(200) },
      { method: 'GET', path: () => `/webhooks/crm/open/${sendToken}`, expect: all(200) },
      {
        method: 'POST',
        path: () => `/api/crm/contacts/${ownerContact}/emails`,
        body: () => ({ template_id: templateId }),
        expect: { guest: 401, stranger: 403, owner: 200, member: 403, viewer: 403 },
        name: 'POST /api/crm/contacts/:owners/emails',
      },
      {
        method: 'POST',
        path: () => `/api/crm/contacts/${memberContact}/emails`,
        body: () => ({ template_id: templateId }),
        expect: { guest: 401, stranger: 403, owner: 200, member: 200, viewer: 403 },
        name: 'POST /api/crm/contacts/:members/emails',
      },
      {
        method: 'POST',
        path: () => `/api/crm/contacts/${memberContact}/emails`,
        body: { template_id: 'welcome' },
        expect: { guest: 401, stranger: 403, owner: 422, member: 422, viewer: 403 },
        name: 'POST /api/crm/contacts/:members/emails, bad body',
      },
      { method: 'GET', path: () => `/m/c/${clickToken}`, expect: all(302), name: 'GET /m/c/:token' },
      {
        method: 'GET',
        // The signature's first character changed: a different MAC whatever the token was.
        path: () => `/m/c/${forgedClickToken(clickToken)}`,
        expect: all(404),
        name: 'GET /m/c/:forged',
      },
      {
        method: 'POST',
        path: '/webhooks/mail/events',
        body: mailEvent.body,
        expect: all(401),
        name: 'POST /webhooks/mail/events unsigned',
      },
      {
        method: 'POST',
        path: '/webhooks/mail/events',
        body: mailEvent.body,
        headers: { 'X-Reelty-Signature': mailEvent.signature, 'Content-Type': 'application/json' },
        expect: all(200),
        name: 'POST /webhooks/mail/events signed',
      },
      {
        method: 'POST',
        path: '/broadcasting/auth',
        body: { socket_id: '1.1', channel_name: `private-crm.agent.${memberId}` },
        expect: { guest: 403, stranger: 403, owner: 403, member: 200, viewer: 403 },
      },
    ]);
  });

  it('lead marketplace: a guest, another realtor (stranger, the buyer), the seller (owner), its agent, an admin', () =>
    expectMarketplaceTable(t, { owner: ownerUser, clients, lead: async () => (await lead(`m${++n}@a.co`)).lead_id }));

  it('unknown ids answer 404, malformed ids 404, bad input 422', async () => {
    const owner = clients.owner;
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await owner.get(`/api/crm/contacts/${missing}`).set('Accept', 'application/json')).status).toBe(404);
    expect((await owner.get('/api/crm/contacts/nope').set('Accept', 'application/json')).status).toBe(404);
    expect((await owner.post(`/api/crm/leads/${missing}/claim`).set('Accept', 'application/json')).status).toBe(404);
    const bad = await owner
      .put(`/api/crm/contacts/${ownerContact}/stage`)
      .set('Accept', 'application/json')
      .send({ stage: 'x' });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['stage']]);
  });
});
