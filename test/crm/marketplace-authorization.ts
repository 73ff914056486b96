import { CreditsService } from '../../src/modules/credits';
import { CrmMarketplaceService } from '../../src/modules/crm/marketplace/crm-marketplace.service';
import type { User } from '../../src/modules/users';
import type { TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { makeBook } from './support';

interface Fixture {
  /** The book's owner (the seller). */
  owner: User;
  /** The CRM table's callers: guest, owner, member (the book's agent)... */
  clients: Record<'guest' | 'owner' | 'member', TestClient>;
  /** A fresh lead in the owner's book, routed to the owner, its id. */
  lead: () => Promise<string>;
}

/**
 * The lead marketplace's rows of the CRM authorization table: a guest, another realtor (stranger, the buyer), the
 * seller (owner), the book's agent (member) and a site admin.
 */
export async function expectMarketplaceTable(t: TestApp, f: Fixture): Promise<void> {
  const market = t.app.get(CrmMarketplaceService);
  const strangerBook = await makeBook(t);
  const buyer = strangerBook.owner.user;
  const admin = await t.signedIn({ role: 'admin', type: 'realtor' });
  const callers = { ...f.clients, stranger: strangerBook.owner.client, admin: admin.client };
  for (const u of [buyer, admin.user]) await t.app.get(CreditsService).grant(u.id, 1000, 'test');
  const offer = async () => (await market.offer(f.owner, await f.lead(), { price_credits: 2, timeline: 'now' })).id;
  /** Sold to the stranger (the claim moved back a day so fixtures do not spend the buyer's daily limit). */
  const sold = async (disputed = false) => {
    const id = await offer();
    await market.claim(buyer, id);
    await t.db.query(`UPDATE crm_lead_sales SET claimed_at = claimed_at - interval '25 hours' WHERE offer_id = $1`, [
      id,
    ]);
    if (disputed) await market.dispute(buyer, id, { reason: 'Wrong number' });
    return id;
  };
  const open = { guest: 401, stranger: 200, owner: 200, member: 200, admin: 200 };
  await expectAuthorizationTable(callers, [
    { method: 'GET', path: '/leads/marketplace', inertia: true, expect: { ...open, guest: 302 } },
    { method: 'GET', path: '/api/crm/marketplace', expect: open },
    { method: 'GET', path: '/api/crm/marketplace/purchases', expect: open },
    {
      method: 'POST',
      path: async () => `/api/crm/leads/${await f.lead()}/offer`,
      body: { price_credits: 3, timeline: '3-6_months' },
      // The lead is the owner's (the table's first test cleared the rules): the member, not its agent, may not offer
      // it; an admin outside the team may not either.
      expect: { guest: 401, stranger: 403, owner: 201, member: 403, admin: 403 },
      name: 'POST /api/crm/leads/:id/offer',
    },
    {
      method: 'POST',
      path: async () => `/api/crm/leads/${await f.lead()}/offer`,
      body: { price_credits: 0, timeline: 'someday' },
      expect: { guest: 401, stranger: 403, owner: 422, member: 403, admin: 403 },
      name: 'POST /api/crm/leads/:id/offer, bad body',
    },
    {
      method: 'POST',
      path: async () => `/api/crm/marketplace/${await offer()}/claim`,
      expect: { guest: 401, stranger: 200, owner: 403, member: 403, admin: 200 },
      name: 'POST /api/crm/marketplace/:id/claim',
    },
    {
      method: 'POST',
      path: async () =>
        `/api/crm/marketplace/${(await market.offer(f.owner, await f.lead(), { price_minor: 900, currency: 'USD', timeline: 'now' })).id}/purchase`,
      expect: { guest: 401, stranger: 200, owner: 403, member: 403, admin: 200 },
      name: 'POST /api/crm/marketplace/:id/purchase',
    },
    {
      method: 'POST',
      path: async () => `/api/crm/marketplace/${await sold()}/dispute`,
      body: { reason: 'Duplicate' },
      expect: { guest: 401, stranger: 200, owner: 403, member: 403, admin: 403 },
      name: 'POST /api/crm/marketplace/:id/dispute',
    },
    {
      method: 'POST',
      path: async () => `/api/crm/marketplace/${await sold()}/dispute`,
      body: { reason: '' },
      expect: { guest: 401, stranger: 422, owner: 403, member: 403, admin: 403 },
      name: 'POST /api/crm/marketplace/:id/dispute, bad body',
    },
    {
      method: 'POST',
      path: async () => `/api/crm/marketplace/${await sold(true)}/refund`,
      expect: { guest: 401, stranger: 403, owner: 200, member: 403, admin: 200 },
      name: 'POST /api/crm/marketplace/:id/refund',
    },
    {
      method: 'POST',
      path: async () => `/api/crm/marketplace/${await sold(true)}/refund`,
      body: { sale_id: 'theirs' },
      expect: { guest: 401, stranger: 403, owner: 422, member: 403, admin: 422 },
      name: 'POST /api/crm/marketplace/:id/refund, bad body',
    },
  ]);
  const missing = '00000000-0000-4000-8000-000000000000';
  const claimMissing = await callers.stranger
    .post(`/api/crm/marketplace/${missing}/claim`)
    .set('Accept', 'application/json');
  expect(claimMissing.status).toBe(404);
  const bad = await f.clients.owner
    .post(`/api/crm/leads/${await f.lead()}/offer`)
    .set('Accept', 'application/json')
    .send({ price_credits: 0, timeline: 'someday' });
  expect([bad.status, Object.keys(bad.body.errors).sort()]).toEqual([422, ['price_credits', 'timeline']]);
}
