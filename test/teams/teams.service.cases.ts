import { Clock, DAY_MS } from '../../src/common/clock';
import { TeamBudgetService } from '../../src/modules/teams/team-budget.service';
import { TeamInvitationsService } from '../../src/modules/teams/team-invitations.service';
import { TeamJoinsService } from '../../src/modules/teams/team-joins.service';
import { TeamsService } from '../../src/modules/teams/teams.service';
import { bootTestApp, TestApp } from '../support/app';
import { startFakeDns, FakeDns } from '../support/fake-dns';
import { DnsTxtResolver } from '../../src/modules/teams/dns-txt.resolver';
import type { User } from '../../src/modules/users/user.entity';

jest.setTimeout(60_000);

/** The team rules, called on the booted app's services against the real database. */
describe('teams: service rules', () => {
  let t: TestApp;
  let teams: TeamsService;
  let invitations: TeamInvitationsService;
  let joins: TeamJoinsService;
  let budget: TeamBudgetService;
  let clock: Clock;
  let dns: FakeDns;
  let n = 0;

  beforeAll(async () => {
    t = await bootTestApp();
    teams = t.app.get(TeamsService);
    invitations = t.app.get(TeamInvitationsService);
    joins = t.app.get(TeamJoinsService);
    budget = t.app.get(TeamBudgetService);
    clock = t.app.get(Clock);
    dns = await startFakeDns();
    t.app.get(DnsTxtResolver).useServers([`127.0.0.1:${dns.port}`]);
  });
  afterAll(async () => {
    await dns.close();
    await t.close();
  });
  afterEach(() => clock.reset());

  const newTeam = async (owner: User, type: 'brokerage' | 'team' = 'brokerage') => {
    n += 1;
    return teams.create(owner, { name: `Team ${n}`, handle: `team_${n}_${Date.now() % 100000}`, type });
  };
  const withRole = async (teamId: string, role: 'admin' | 'agent' | 'assistant') => {
    const user = await t.createUser();
    await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3)`, [teamId, user.id, role]);
    return user;
  };
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e) => (e as { getStatus?: () => number }).getStatus?.() ?? 500,
    );

  it('gives every user a personal team that is current, and a created team becomes current', async () => {
    const user = await t.createUser({ name: 'Ada Lovelace', handle: 'ada_team_test' });
    const current = await teams.currentMembership(user);
    expect(current).toMatchObject({ personal: true, role: 'owner', name: "Ada's Team" });
    const team = await newTeam(user);
    expect((await teams.currentMembership(user)).id).toBe(team.id);
    expect((await teams.memberships(user.id)).map((m) => m.personal)).toEqual([true, false]);
  });

  it('refuses taken handles case-insensitively and reserved handles', async () => {
    const owner = await t.createUser();
    await teams.create(owner, { name: 'Acme', handle: 'acme_realty', type: 'brokerage' });
    expect(await status(teams.assertHandleAvailable('ACME_Realty'))).toBe(422);
    expect(await status(teams.create(owner, { name: 'Again', handle: 'acme_realty', type: 'team' }))).toBe(422);
  });

  it('checks named permissions per role', async () => {
    const owner = await t.createUser();
    const team = await newTeam(owner);
    const [admin, agent, assistant, stranger] = [
      await withRole(team.id, 'admin'),
      await withRole(team.id, 'agent'),
      await withRole(team.id, 'assistant'),
      await t.createUser(),
    ];
    const table = async (permission: Parameters<TeamsService['can']>[1]) =>
      Promise.all([owner, admin, agent, assistant, stranger].map((u) => teams.can(u, permission, team.id)));
    expect(await table('listings.publish')).toEqual([true, true, true, false, false]);
    expect(await table('members.invite')).toEqual([true, true, false, false, false]);
    expect(await table('team.delete')).toEqual([true, false, false, false, false]);
    expect(await table('listings.edit_any')).toEqual([true, true, false, true, false]);
  });

  it('keeps exactly one owner: transfer only to an admin, the owner cannot leave, parallel transfers', async () => {
    const owner = await t.createUser();
    const team = await newTeam(owner);
    const agent = await withRole(team.id, 'agent');
    const a1 = await withRole(team.id, 'admin');
    const a2 = await withRole(team.id, 'admin');
    expect(await status(teams.transferOwnership(owner, team.id, agent.id, 'correct-horse-battery'))).toBe(422);
    expect(await status(teams.transferOwnership(owner, team.id, a1.id, 'wrong'))).toBe(422);
    expect(await status(teams.removeMember(owner, team.id, owner.id))).toBe(403);
    expect(await status(teams.changeRole(a1, team.id, owner.id, 'agent'))).toBe(403);

    const results = await Promise.all([
      status(teams.transferOwnership(owner, team.id, a1.id, 'correct-horse-battery')),
      status(teams.transferOwnership(owner, team.id, a2.id, 'correct-horse-battery')),
      status(teams.changeRole(owner, team.id, a1.id, 'agent')),
      status(teams.changeRole(owner, team.id, a2.id, 'agent')),
    ]);
    expect(results.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const owners = await t.db.query(`SELECT user_id FROM team_members WHERE team_id = $1 AND role = 'owner'`, [
      team.id,
    ]);
    expect(owners).toHaveLength(1);
    const [row] = await t.db.query(`SELECT owner_id FROM teams WHERE id = $1`, [team.id]);
    expect(row.owner_id).toBe(owners[0].user_id);
  });

  it('deletes a team only by its owner with the password; never the personal team', async () => {
    const owner = await t.createUser();
    const team = await newTeam(owner);
    const admin = await withRole(team.id, 'admin');
    expect(await status(teams.delete(admin, team.id, 'correct-horse-battery'))).toBe(403);
    expect(await status(teams.delete(owner, team.id, 'nope'))).toBe(422);
    const personal = await teams.ensurePersonalTeam(owner);
    expect(await status(teams.delete(owner, personal.id, 'correct-horse-battery'))).toBe(403);
    expect(await status(teams.delete(owner, team.id, 'correct-horse-battery'))).toBe(200);
    expect((await teams.currentMembership(owner)).id).toBe(personal.id);
  });

  it('invitations: matching verified account only, 7-day expiry checked at use, accepting makes the team current', async () => {
    const owner = await t.createUser();
    const team = await newTeam(owner);
    const invitee = await t.createUser();
    const other = await t.createUser();
    await invitations.invite(owner, team.id, invitee.email.toUpperCase(), 'agent');
    const [inv] = await t.db.query(`SELECT id FROM team_invitations WHERE team_id = $1`, [team.id]);
    expect(await status(invitations.invite(owner, team.id, invitee.email, 'agent'))).toBe(422);
    expect(await status(invitations.accept(other, inv.id, null))).toBe(403);

    clock.set(new Date(Date.now() + 7 * DAY_MS + 1000));
    expect(await status(invitations.accept(invitee, inv.id, null))).toBe(410);
    clock.reset();

    const joined = await invitations.accept(invitee, inv.id, null);
    expect(joined.id).toBe(team.id);
    expect(await teams.roleIn(invitee.id, team.id)).toBe('agent');
    expect((await teams.currentMembership(invitee)).id).toBe(team.id);
    expect(await status(invitations.accept(invitee, inv.id, null))).toBe(410);
  });

  it('an unverified account accepts only with the link token, which verifies its address', async () => {
    const owner = await t.createUser();
    const team = await newTeam(owner);
    const fresh = await t.createUser({ emailVerifiedAt: null });
    await invitations.invite(owner, team.id, fresh.email, 'assistant');
    const [inv] = await t.db.query(`SELECT id FROM team_invitations WHERE email = $1`, [fresh.email]);
    expect(await status(invitations.accept(fresh, inv.id, null))).toBe(403);
    expect(await status(invitations.accept(fresh, inv.id, 'x'.repeat(32)))).toBe(404);
  });

  it('join requests are approved or declined and the requester is notified; a proven domain lets people in', async () => {
    const owner = await t.createUser();
    const team = await newTeam(owner);
    const asker = await t.createUser();
    expect(await joins.request(asker, team.handle, 'hi')).toMatchObject({ status: 'requested' });
    expect(await status(joins.request(asker, team.handle, null))).toBe(422);
    const [req] = await t.db.query(`SELECT id FROM team_join_requests WHERE user_id = $1`, [asker.id]);
    const agent = await withRole(team.id, 'agent');
    expect(await status(joins.decide(agent, req.id, true))).toBe(403);
    await joins.decide(owner, req.id, true);
    expect(await teams.roleIn(asker.id, team.id)).toBe('agent');
    const notes = await t.db.query(`SELECT title FROM notifications WHERE user_id = $1`, [asker.id]);
    expect(notes.map((x: { title: string }) => x.title)).toContain(`You are now a member of ${team.name}`);

    expect(await status(joins.claimDomain(owner, team.id, 'gmail.com'))).toBe(422);
    const claimed = await joins.claimDomain(owner, team.id, 'acme-homes.test');
    expect(await status(joins.verifyDomain(owner, team.id))).toBe(422);
    dns.setTxt('acme-homes.test', [`reelty-team-verification=${claimed.domain_token}`]);
    await joins.verifyDomain(owner, team.id);
    const colleague = await t.createUser({ email: `zoe${Date.now()}@acme-homes.test` });
    expect(await joins.request(colleague, team.handle, null)).toMatchObject({ status: 'joined' });
    const unverified = await t.createUser({ email: `max${Date.now()}@acme-homes.test`, emailVerifiedAt: null });
    expect(await joins.request(unverified, team.handle, null)).toMatchObject({ status: 'requested' });
  });

  it('reserves against the monthly budget and caps, settles, and alerts at 80% and 100% once', async () => {
    const owner = await t.createUser();
    const team = await newTeam(owner);
    const admin = await withRole(team.id, 'admin');
    const agent = await withRole(team.id, 'agent');
    await teams.update(owner, team.id, { monthly_budget_micro: 100_000 });
    await teams.setMemberCap(owner, team.id, agent.id, 30_000);
    await teams.switchTo(agent, team.id);
    const r1 = await budget.reserve(agent, 'design_chat', 20_000);
    expect(await status(budget.reserve(agent, 'design_chat', 20_000))).toBe(402);
    await budget.settle(r1, 5_000);
    await budget.settle(r1, 99_000); // a second settle changes nothing
    const r2 = await budget.reserve(agent, 'design_chat', 20_000);
    await budget.settle(r2, 20_000);

    await teams.switchTo(owner, team.id);
    const big = await budget.reserve(owner, 'design_chat', 60_000);
    await budget.settle(big, 60_000); // 85%
    const alerts = () =>
      t.db.query(`SELECT title FROM notifications WHERE user_id = $1 AND title LIKE '%AI budget%'`, [admin.id]);
    expect(await alerts()).toHaveLength(1);
    expect(await status(budget.reserve(owner, 'design_chat', 20_000))).toBe(402);
    const last = await budget.reserve(owner, 'design_chat', 15_000);
    await budget.settle(last, 15_000); // 100%
    expect((await alerts()).map((a: { title: string }) => a.title).sort()).toEqual([
      expect.stringContaining('100%'),
      expect.stringContaining('80%'),
    ]);
    const usage = await budget.usage(admin, team.id);
    expect(usage).toMatchObject({ spent_micro: '100000', budget_micro: '100000', reserved_micro: '0' });
    expect(await status(budget.usage(await t.createUser(), team.id))).toBe(404);
  });
});
