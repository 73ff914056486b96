import { ProfileStickersService, StickersService } from '../../src/modules/stickers';
import { bootTestApp, TestApp } from '../support/app';
import { expectPage } from '../support/authorization';
import { auditRows, confirmedAdmin, confirmPassword, testPng } from './helpers';

/** Each admin user action over HTTP, with the audit row it writes. */
describe('admin users', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof confirmedAdmin>>;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await confirmedAdmin(t);
  });
  afterAll(() => t.close());

  it('finds users by any part of email, handle or name, paged', async () => {
    const u = await t.createUser({ name: 'Zelda Quartermaine', handle: 'zq_agent' });
    for (const q of ['quarterm', 'ZQ_AG', u.email.slice(2, 10)]) {
      const res = await admin.client.get(`/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: { id: string }) => r.id)).toContain(u.id);
    }
    const none = await admin.client.get('/api/admin/users?q=nobody-has-this');
    expect(none.body).toMatchObject({ data: [], total: 0, current_page: 1 });
    expect((await admin.client.get('/api/admin/users?per_page=500')).status).toBe(422);
    expectPage(await admin.client.visit('/admin/users?q=zelda'), 'Admin/Users/Index', { q: 'zelda' });
  });

  it("shows a user's page with the owning areas' data", async () => {
    const u = await t.createUser();
    const res = await admin.client.visit(`/admin/users/${u.id}`);
    expectPage(res, 'Admin/Users/Show', { user: { id: u.id, email: u.email, state: 'active' } });
    expect(res.body.props.user).toMatchObject({ teams: expect.any(Array), credits: [], orders: [], designs: [] });
    expect((await admin.client.get('/api/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('changes type and role with before/after in the audit trail; never its own role', async () => {
    const u = await t.createUser({ type: 'viewer' });
    const res = await admin.client.patch(`/api/admin/users/${u.id}`).send({ type: 'realtor' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ type: 'realtor', role: 'user' });
    const [row] = await auditRows(t.db, u.id);
    expect(row).toMatchObject({
      actor_id: admin.user.id,
      action: 'user.role_changed',
      subject_type: 'user',
      before: expect.objectContaining({ type: 'viewer' }),
      after: expect.objectContaining({ type: 'realtor' }),
      ip: expect.any(String),
    });
    expect((await admin.client.patch(`/api/admin/users/${u.id}`).send({ role: 'owner' })).status).toBe(422);
    expect((await admin.client.patch(`/api/admin/users/${u.id}`).send({})).status).toBe(422);
    const self = await admin.client.patch(`/api/admin/users/${admin.user.id}`).send({ role: 'user' });
    expect(self.status).toBe(403);
  });

  it('suspends (sessions end, sign-in refused with a message) and restores', async () => {
    const victim = await t.signedIn();
    expect((await victim.client.get('/api/user/credits/image')).status).toBe(200);
    const res = await admin.client.post(`/api/admin/users/${victim.user.id}/suspend`).send({ reason: 'Spam' });
    expect(res.status).toBe(200);
    expect(res.body.user.state).toBe('suspended');
    expect((await victim.client.get('/api/user/credits/image')).status).toBe(401);
    const again = await t.client();
    const login = await again.post('/login').send({ email: victim.user.email, password: 'correct-horse-battery' });
    expect(login.status).toBe(422);
    expect(login.body.errors.email[0]).toMatch(/suspended/);
    expect((await admin.client.post(`/api/admin/users/${victim.user.id}/suspend`).send({ reason: 'x' })).status).toBe(
      409,
    );
    expect((await admin.client.post(`/api/admin/users/${victim.user.id}/suspend`).send({ reason: ' ' })).status).toBe(
      422,
    );
    const restored = await admin.client.post(`/api/admin/users/${victim.user.id}/restore`);
    expect(restored.body.user.state).toBe('active');
    const back = await again.post('/login').send({ email: victim.user.email, password: 'correct-horse-battery' });
    expect(back.status).toBe(303);
    const rows = await auditRows(t.db, victim.user.id);
    expect(rows.map((r) => r.action)).toEqual(['user.suspended', 'user.restored']);
    expect(rows[0].after).toMatchObject({ state: 'suspended', suspension_reason: 'Spam' });
  });

  it('never suspends, deletes or impersonates an admin', async () => {
    const other = await t.createUser({ role: 'admin' });
    expect((await admin.client.post(`/api/admin/users/${other.id}/suspend`).send({ reason: 'x' })).status).toBe(403);
    expect((await admin.client.delete(`/api/admin/users/${other.id}`).send({ confirm: other.email })).status).toBe(403);
    const imp = await admin.client.post(`/api/admin/users/${other.id}/impersonate`);
    expect(imp.status).toBe(403);
    expect(imp.body.message).toMatch(/Admins cannot be impersonated/);
  });

  it('re-sends verification to an unverified address only', async () => {
    const u = await t.createUser({ emailVerifiedAt: null });
    expect((await admin.client.post(`/api/admin/users/${u.id}/verification`)).status).toBe(200);
    expect((await admin.client.post(`/api/admin/users/${u.id}/verification`)).status).toBe(200);
    const verified = await t.createUser();
    expect((await admin.client.post(`/api/admin/users/${verified.id}/verification`)).status).toBe(409);
    expect((await auditRows(t.db, u.id)).map((r) => r.action)).toEqual([
      'user.verification_resent',
      'user.verification_resent',
    ]);
  });

  it('impersonates: banner shared, admin routes refused, one call ends it', async () => {
    const u = await t.createUser({ name: 'Pat Support' });
    const res = await admin.client.post(`/api/admin/users/${u.id}/impersonate`);
    expect(res.body).toEqual({ redirect: '/dashboard' });
    await admin.client.refreshToken();
    const page = await admin.client.visit('/settings/profile');
    expect(page.body.props.auth.user.id).toBe(u.id);
    expect(page.body.props.impersonation).toEqual({ admin_name: admin.user.name, user_name: 'Pat Support' });
    expect((await admin.client.get('/api/admin/users')).status).toBe(403);
    const end = await admin.client.post('/api/impersonation/end');
    expect(end.body).toEqual({ redirect: `/admin/users/${u.id}` });
    await admin.client.refreshToken();
    expect((await admin.client.get('/api/admin/users')).status).toBe(200);
    expect((await admin.client.post('/api/impersonation/end')).status).toBe(409);
    expect((await auditRows(t.db, u.id)).map((r) => r.action)).toEqual([
      'user.impersonation_started',
      'user.impersonation_ended',
    ]);
    // Password confirmation does not carry over into the admin's new session.
    expect((await admin.client.post(`/api/admin/users/${u.id}/impersonate`)).status).toBe(423);
    await confirmPassword(admin.client);
  });

  it('deletes on request: personal data gone, ledger rows kept and anonymised', async () => {
    const u = await t.createUser({ name: 'Dana Private', bio: 'about me', imageCredits: 0 });
    await t.db.query(
      `INSERT INTO credit_transactions (user_id, kind, amount, balance_after, reason) VALUES ($1, 'grant', 5, 5, 'gift')`,
      [u.id],
    );
    const pack = await t.app.get(StickersService).createPack({ name: 'Worn' });
    const worn = await t.app.get(StickersService).addSticker(pack.id, 'W', await testPng());
    await t.app.get(ProfileStickersService).pin(u, [worn.id]);
    const wrong = await admin.client.delete(`/api/admin/users/${u.id}`).send({ confirm: 'someone@else.test' });
    expect(wrong.status).toBe(422);
    const res = await admin.client.delete(`/api/admin/users/${u.id}`).send({ confirm: u.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ state: 'deleted', name: 'Deleted user', handle: null });
    const [row] = await t.db.query(`SELECT email, bio, handle FROM users WHERE id = $1`, [u.id]);
    expect(row).toEqual({ email: `deleted-${u.id}@deleted.invalid`, bio: null, handle: null });
    const [ledger] = await t.db.query(`SELECT count(*)::int AS n FROM credit_transactions WHERE user_id = $1`, [u.id]);
    expect(ledger.n).toBe(1);
    expect(await t.app.get(ProfileStickersService).of(u.id)).toEqual([]);
    const audit = await auditRows(t.db, u.id);
    expect(audit.map((r) => r.action)).toEqual(['user.deleted']);
    expect(JSON.stringify(audit)).not.toContain('Dana');
  });

  it('asks for a recent password before destructive actions (423 for API calls)', async () => {
    const fresh = await t.signedIn({ role: 'admin' });
    const u = await t.createUser();
    const res = await fresh.client.post(`/api/admin/users/${u.id}/suspend`).send({ reason: 'x' });
    expect(res.status).toBe(423);
    const visit = await fresh.client.get(`/admin/confirm-password?return=/admin/users/${u.id}`);
    expect(visit.status).toBe(302);
    expect(visit.headers.location).toBe('/user/confirm-password');
    expect((await fresh.client.post(`/api/admin/users/${u.id}/restore`)).status).toBe(409);
  });

  it('keeps the audit trail append-only and filters it', async () => {
    await expect(t.db.query(`UPDATE admin_audit SET action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM admin_audit`)).rejects.toThrow(/append-only/);
    const all = await admin.client.get('/api/admin/audit?per_page=5');
    expect(all.body.entries).toMatchObject({ per_page: 5, current_page: 1 });
    expect(all.body.entries.total).toBeGreaterThan(5);
    const suspended = await admin.client.get('/api/admin/audit?action=user.suspended');
    expect(suspended.body.entries.data.every((e: { action: string }) => e.action === 'user.suspended')).toBe(true);
    expect(suspended.body.entries.total).toBe(1);
    const mine = await admin.client.get(`/api/admin/audit?actor=${admin.user.id}&from=2000-01-01`);
    expect(mine.body.entries.total).toBe(all.body.entries.total);
    expect((await admin.client.get('/api/admin/audit?from=yesterday')).status).toBe(422);
    expectPage(await admin.client.visit('/admin/audit?action=user.restored'), 'Admin/Audit', {
      filters: { action: 'user.restored' },
    });
  });
});
