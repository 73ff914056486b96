import { AFFILIATES_CONFIG, type AffiliatesConfig } from '../../src/config/affiliates.config';
import { randomUUID } from 'node:crypto';
import { ProgrammeService } from '../../src/modules/affiliates';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { approvedAffiliate } from './support';

/** Every affiliate route, as a guest, a viewer (no application), an approved affiliate, a banned one and an admin. */
describe('affiliates authorization', () => {
  let t: TestApp;
  let clients: Record<'guest' | 'viewer' | 'affiliate' | 'banned' | 'admin', TestClient>;
  let affiliateId: string;
  let batchId: string;

  beforeAll(async () => {
    t = await bootTestApp();
    const admin = (await t.signedIn({ role: 'admin' })).client;
    const affiliate = await approvedAffiliate(t, admin);
    const banned = await approvedAffiliate(t, admin);
    await admin.post(`/api/admin/affiliates/${banned.affiliate.id}/ban`).send({ reason: 'Spam' });
    affiliateId = affiliate.affiliate.id;
    batchId = (await admin.post('/api/admin/payouts/batches')).body.preview.batch.id;
    clients = {
      guest: await t.client(),
      viewer: (await t.signedIn()).client,
      affiliate: affiliate.client,
      banned: banned.client,
      admin,
    };
    expect(await t.app.get(ProgrammeService).row({ id: affiliateId })).not.toBeNull();
  });
  afterAll(() => t.close());

  it('answers each caller as the table says', async () => {
    const all = (status: number) => ({
      guest: status,
      viewer: status,
      affiliate: status,
      banned: status,
      admin: status,
    });
    const own = { guest: 401, viewer: 404, affiliate: 200, banned: 403, admin: 404 };
    const adminOnly = (ok: number) => ({ guest: 401, viewer: 403, affiliate: 403, banned: 403, admin: ok });
    await expectAuthorizationTable(clients, [
      { method: 'GET', path: '/affiliate', inertia: true, expect: all(200) },
      { method: 'GET', path: '/api/affiliate/me', expect: { ...all(200), guest: 401 } },
      { method: 'GET', path: '/api/affiliate/links', expect: own },
      {
        method: 'POST',
        path: '/api/affiliate/links',
        body: { destination: '/feed' },
        expect: { ...own, affiliate: 201 },
      },
      { method: 'GET', path: '/api/affiliate/commissions', expect: own },
      { method: 'GET', path: '/api/affiliate/referrals', expect: own },
      { method: 'GET', path: '/api/affiliate/balance', expect: own },
      { method: 'GET', path: '/api/affiliate/payouts', expect: own },
      { method: 'GET', path: '/api/affiliate/recruits', expect: own },
      { method: 'GET', path: '/api/affiliate/tax-forms', expect: own },
      {
        method: 'POST',
        path: '/api/affiliate/guidelines/accept',
        body: { version: 1 },
        expect: { guest: 401, viewer: 404, affiliate: 200, banned: 403, admin: 404 },
      },
      {
        method: 'GET',
        path: '/affiliate/dashboard',
        inertia: true,
        expect: { guest: 302, viewer: 200, affiliate: 200, banned: 200, admin: 200 },
      },
      { method: 'GET', path: '/user/payouts', inertia: true, expect: { ...all(200), guest: 302 } },
      { method: 'GET', path: '/admin/affiliates', inertia: true, expect: { ...adminOnly(200), guest: 302 } },
      { method: 'GET', path: '/api/admin/affiliates', expect: adminOnly(200) },
      { method: 'POST', path: `/api/admin/affiliates/${affiliateId}/approve`, expect: adminOnly(409) },
      { method: 'POST', path: `/api/admin/affiliates/${affiliateId}/unban`, expect: adminOnly(409) },
      {
        method: 'PUT',
        path: `/api/admin/affiliates/${affiliateId}/minimum`,
        body: { minimum_payout_minor: 2500 },
        expect: adminOnly(200),
      },
      { method: 'POST', path: '/api/admin/affiliates/not-a-uuid/approve', expect: adminOnly(404) },
      {
        method: 'GET',
        path: `/admin/affiliates/${affiliateId}`,
        inertia: true,
        expect: { ...adminOnly(200), guest: 302 },
      },
      {
        method: 'GET',
        path: `/admin/affiliates/${randomUUID()}`,
        inertia: true,
        expect: { ...adminOnly(404), guest: 302 },
      },
      // A commission nobody has: the role check first, then 404 (the release itself is in programme.cases).
      {
        method: 'POST',
        path: `/api/admin/affiliates/commissions/${randomUUID()}/release`,
        body: { reason: 'Trusted partner' },
        expect: adminOnly(404),
      },
      { method: 'GET', path: '/api/admin/payouts/batches', expect: adminOnly(200) },
      { method: 'GET', path: `/api/admin/payouts/batches/${batchId}/payouts`, expect: adminOnly(200) },
      { method: 'GET', path: `/admin/payouts/batches/${batchId}/export.csv`, expect: adminOnly(200) },
      { method: 'GET', path: '/admin/payouts', inertia: true, expect: { ...adminOnly(200), guest: 302 } },
      // A payout nobody has (the admin gets 404 after the role check; the retry itself is in programme.cases).
      { method: 'POST', path: `/api/admin/payouts/${randomUUID()}/retry`, expect: adminOnly(404) },
      // A previewed batch has nothing waiting for the bank; a payout nobody has is 404 after the role check.
      { method: 'POST', path: `/api/admin/payouts/batches/${batchId}/bank-received`, expect: adminOnly(409) },
      {
        method: 'POST',
        path: `/api/admin/payouts/${randomUUID()}/bank-returned`,
        body: { reason: 'Account closed' },
        expect: adminOnly(404),
      },
    ]);
  });

  it('authorizes the admin payout channel for admins only', async () => {
    const statuses: Record<string, number> = {};
    for (const [who, client] of Object.entries(clients)) {
      const res = await client
        .post('/broadcasting/auth')
        .send({ socket_id: '123.456', channel_name: 'private-admin.payouts' });
      statuses[who] = res.status;
    }
    expect(statuses).toEqual({ guest: 403, viewer: 403, affiliate: 403, banned: 403, admin: 200 });
  });

  it('answers 422 with field errors for bad input', async () => {
    const res = await clients.viewer
      .post('/api/affiliate/applications')
      .send({ audience: 'short', payout_method: 'gold', accepted_guidelines_version: 'x' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'accepted_guidelines_version',
      'audience',
      'payout_destination',
      'payout_destination_confirmation',
      'payout_method',
    ]);
    const link = await clients.affiliate.post('/api/affiliate/links').send({ destination: '//evil.example/phish' });
    expect(link.status).toBe(422);
    expect(link.body.errors.destination[0]).toMatch(/page of this site/);
    const usdcApplication = {
      audience: 'Luxury buyers on the coast',
      payout_method: 'crypto',
      payout_destination: '0x1234',
      payout_destination_confirmation: '0x1235',
      accepted_guidelines_version: 1,
    };
    // No custody service configured: USDC is not offered, and not accepted either.
    const unconfigured = await clients.viewer.post('/api/affiliate/applications').send(usdcApplication);
    expect(unconfigured.body.errors).toEqual({
      payout_method: ['That payout method is not available yet; choose bank transfer.'],
    });
    const crypto = t.app.get<AffiliatesConfig>(AFFILIATES_CONFIG).crypto;
    Object.assign(crypto, { baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    try {
      const usdc = await clients.viewer.post('/api/affiliate/applications').send(usdcApplication);
      expect(usdc.body.errors).toEqual({ payout_destination_confirmation: ['The two entries do not match.'] });
    } finally {
      Object.assign(crypto, { baseUrl: null, apiKey: null });
    }
  });
});
