import { USER_BULK_LIMIT } from '../../src/contracts/admin';
import { UserBulkRepository } from '../../src/modules/admin/user-bulk.repository';
import { UserBulkService } from '../../src/modules/admin/user-bulk.service';
import { bootTestApp, TestApp } from '../support/app';
import { expectPage } from '../support/authorization';
import { auditRows, confirmedAdmin } from './helpers';

/** Bulk actions on users: queued by the request, applied per user by a job with the single action's rules. */
describe('admin bulk user actions', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof confirmedAdmin>>;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await confirmedAdmin(t);
  });
  afterAll(() => t.close());

  /** Polls the bulk action over HTTP until its job has finished. */
  async function finished(id: string) {
    for (let i = 0; i < 100; i++) {
      const res = await admin.client.get(`/api/admin/user-bulk-actions/${id}`);
      expect(res.status).toBe(200);
      if (res.body.status === 'done') return res.body;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`bulk action ${id} did not finish`);
  }

  it('suspends many users in a job: sessions end, one audit row each, the rest skipped with the reason', async () => {
    const victims = [await t.signedIn(), await t.signedIn(), await t.signedIn()];
    const already = await t.createUser({ suspendedAt: new Date(), suspensionReason: 'Earlier' });
    const otherAdmin = await t.createUser({ role: 'admin' });
    const ids = [...victims.map((v) => v.user.id), already.id, otherAdmin.id];
    const res = await admin.client
      .post('/api/admin/user-bulk-actions')
      .send({ action: 'suspend', reason: 'Spam wave', user_ids: ids });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ message: 'Queued for 5 users', bulk: { action: 'suspend', total: 5 } });
    const bulk = await finished(res.body.bulk.id);
    expect(bulk).toMatchObject({ done: 3, skipped: 2, reason: 'Spam wave' });
    expect(bulk.skipped_examples.map((s: { message: string }) => s.message).sort()).toEqual([
      'Admin accounts cannot be suspended; change their role to user first.',
      'This account is already suspended.',
    ]);
    for (const v of victims) {
      expect((await v.client.get('/api/user/credits/image')).status).toBe(401);
      const rows = await auditRows(t.db, v.user.id);
      expect(rows.map((r) => [r.action, r.actor_id])).toEqual([['user.suspended', admin.user.id]]);
      expect(rows[0].after).toMatchObject({ state: 'suspended', suspension_reason: 'Spam wave' });
    }
    expect((await auditRows(t.db, bulk.id)).map((r) => r.action)).toEqual(['users.bulk_queued']);
    // The job again (a retry or a duplicate delivery): nothing changes, nobody is audited twice.
    await t.app.get(UserBulkService).run(bulk.id);
    expect(await finished(bulk.id)).toMatchObject({ done: 3, skipped: 2 });
    expect(await auditRows(t.db, victims[0].user.id)).toHaveLength(1);
    const page = await admin.client.visit('/admin/users');
    expectPage(page, 'Admin/Users/Index', {});
    expect(page.body.props.bulks[0]).toMatchObject({ id: bulk.id, status: 'done' });
  });

  it('restores every user matching a search, and a retried job skips users it already handled', async () => {
    const tag = `bulkmatch${Date.now()}`;
    const users = [];
    for (let i = 0; i < 3; i++)
      users.push(await t.createUser({ name: `${tag} ${i}`, suspendedAt: new Date(), suspensionReason: 'x' }));
    const res = await admin.client.post('/api/admin/user-bulk-actions').send({ action: 'restore', match: tag });
    expect(res.status).toBe(202);
    expect(await finished(res.body.bulk.id)).toMatchObject({ total: 3, done: 3, skipped: 0 });
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM users WHERE name LIKE $1 AND suspended_at IS NULL`,
      [`${tag}%`],
    );
    expect(n).toBe(3);

    // A job that crashed after one user: the next run acts on the other two only.
    const again = users.map((u) => u.id);
    await t.db.query(`UPDATE users SET suspended_at = now(), suspension_reason = 'x' WHERE id = ANY($1)`, [again]);
    const repo = t.app.get(UserBulkRepository);
    const crashed = await repo.insert({
      adminId: admin.user.id,
      adminIp: null,
      action: 'restore',
      reason: '',
      userIds: again,
    });
    const [first] = await repo.pending(crashed.id, 1);
    await repo.record(crashed.id, first, 'done', null);
    // While the crashed runner's lease lasts, a second runner leaves the action alone; once it ran out, it resumes.
    expect(await repo.lease(crashed.id, crypto.randomUUID(), 60)).toBe(true);
    await t.app.get(UserBulkService).run(crashed.id);
    expect(await repo.pending(crashed.id, 10)).toHaveLength(2);
    await t.db.query(`UPDATE admin_user_bulk_actions SET lease_until = now() - interval '1 second' WHERE id = $1`, [
      crashed.id,
    ]);
    await t.app.get(UserBulkService).run(crashed.id);
    expect(await finished(crashed.id)).toMatchObject({ total: 3, done: 3, skipped: 0 });
    const still = await t.db.query(`SELECT id FROM users WHERE id = ANY($1) AND suspended_at IS NOT NULL`, [again]);
    expect(still).toEqual([{ id: first }]);
  });

  it('commits a suspension with its outcome: a run that dies between them leaves neither, and the retry counts it done', async () => {
    const victim = await t.createUser();
    const repo = t.app.get(UserBulkRepository);
    const bulk = await repo.insert({
      adminId: admin.user.id,
      adminIp: null,
      action: 'suspend',
      reason: 'Crash test',
      userIds: [victim.id],
    });
    // The outcome's write fails (as a crash at that point would end the run): the suspension must not stay behind.
    await t.db.query(`CREATE FUNCTION bulk_item_fails() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'simulated crash'; END $$`);
    await t.db.query(`CREATE TRIGGER bulk_item_fails BEFORE UPDATE ON admin_user_bulk_items
      FOR EACH ROW EXECUTE FUNCTION bulk_item_fails()`);
    try {
      await expect(t.app.get(UserBulkService).run(bulk.id)).rejects.toThrow('simulated crash');
    } finally {
      await t.db.query(`DROP TRIGGER bulk_item_fails ON admin_user_bulk_items; DROP FUNCTION bulk_item_fails()`);
    }
    const [before] = await t.db.query(`SELECT suspended_at FROM users WHERE id = $1`, [victim.id]);
    expect(before.suspended_at).toBeNull();
    expect(await auditRows(t.db, victim.id)).toHaveLength(0);

    await t.db.query(`UPDATE admin_user_bulk_actions SET lease_until = NULL WHERE id = $1`, [bulk.id]);
    await t.app.get(UserBulkService).run(bulk.id);
    expect(await finished(bulk.id)).toMatchObject({ total: 1, done: 1, skipped: 0 });
    const [after] = await t.db.query(`SELECT suspension_reason FROM users WHERE id = $1`, [victim.id]);
    expect(after.suspension_reason).toBe('Crash test');
  });

  it('answers bad input with field errors and unknown ids with 404', async () => {
    const u = await t.createUser();
    const post = (body: object) => admin.client.post('/api/admin/user-bulk-actions').send(body);
    expect((await post({ action: 'suspend', user_ids: [u.id] })).body.errors.reason).toBeDefined();
    expect((await post({ action: 'promote', user_ids: [u.id] })).body.errors.action).toBeDefined();
    expect((await post({ action: 'restore', user_ids: [] })).body.errors.user_ids).toBeDefined();
    expect((await post({ action: 'restore', user_ids: ['nope'] })).status).toBe(422);
    const tooMany = Array.from({ length: USER_BULK_LIMIT + 1 }, () => crypto.randomUUID());
    expect((await post({ action: 'restore', user_ids: tooMany })).body.errors.user_ids).toEqual([
      `At most ${USER_BULK_LIMIT} users at once.`,
    ]);
    const none = await post({ action: 'restore', match: 'nobody-matches-this-search' });
    expect(none.status).toBe(422);
    expect(none.body.errors.match).toEqual(['No user matches this search.']);
    const missing = await admin.client.get('/api/admin/user-bulk-actions/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });
});
