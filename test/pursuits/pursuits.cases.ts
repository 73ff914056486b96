import { PursuitsService } from '../../src/modules/pursuits';
import { TeamsService } from '../../src/modules/teams';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable, expectPage } from '../support/authorization';

type Caller = 'guest' | 'stranger' | 'teammate' | 'owner';

/** Pursuits: progress and completion, milestones, private vs shared with a team, and who may do what. */
describe('pursuits', () => {
  let t: TestApp;
  let pursuits: PursuitsService;
  beforeAll(async () => {
    t = await bootTestApp();
    pursuits = t.app.get(PursuitsService);
  });
  afterAll(() => t.close());

  const teamOf = async (owner: Awaited<ReturnType<TestApp['createUser']>>, member: { id: string }) => {
    const handle = `team${Math.random().toString(36).slice(2, 10)}`;
    const team = await t.app.get(TeamsService).create(owner, { name: 'Pacific Homes', handle, type: 'team' });
    await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'agent')`, [
      team.id,
      member.id,
    ]);
    return team.id;
  };

  it('tracks progress to the target, completes and reopens, and keeps milestones in order', async () => {
    const owner = await t.createUser();
    const goal = await pursuits.create(owner, { title: 'Sell 12 homes this year', target: 12, unit: 'homes' });
    expect({ progress: goal.progress, percent: goal.percent, done: goal.completed_at }).toEqual({
      progress: 0,
      percent: 0,
      done: null,
    });
    expect((await pursuits.update(owner, goal.id, { progress: 5 })).percent).toBe(41);
    const done = await pursuits.update(owner, goal.id, { progress: 13 });
    expect({ percent: done.percent, completed: !!done.completed_at }).toEqual({ percent: 100, completed: true });
    expect((await pursuits.update(owner, goal.id, { target: 20 })).completed_at).toBeNull();
    await pursuits.addMilestone(owner, goal.id, 'List the Belvedere home');
    const withTwo = await pursuits.addMilestone(owner, goal.id, 'Close on Bridgeway');
    const first = withTwo.milestones[0];
    const ticked = await pursuits.updateMilestone(owner, first.id, { done: true });
    expect(ticked.milestones.map((m) => [m.title, m.done])).toEqual([
      ['List the Belvedere home', true],
      ['Close on Bridgeway', false],
    ]);
    expect((await pursuits.removeMilestone(owner, first.id)).milestones).toHaveLength(1);
  });

  it('is private unless shared with one of the owner’s teams, and read-only for teammates', async () => {
    const owner = await t.createUser();
    const mate = await t.createUser();
    const stranger = await t.createUser();
    const teamId = await teamOf(owner, mate);
    const goal = await pursuits.create(owner, { title: 'Design every room', target: 9 });
    await expect(pursuits.show(mate, goal.id)).rejects.toThrow(/private/);
    await expect(
      pursuits.update(owner, goal.id, { team_id: await teamOf(stranger, await t.createUser()) }),
    ).rejects.toThrow(/one of your teams/);
    const shared = await pursuits.update(owner, goal.id, { team_id: teamId });
    expect(shared.shared_team).toEqual({ id: teamId, name: 'Pacific Homes' });
    expect((await pursuits.show(mate, goal.id)).mine).toBe(false);
    expect((await pursuits.list(mate, 'team', 1, 20)).data.map((p) => p.id)).toEqual([goal.id]);
    await expect(pursuits.update(mate, goal.id, { progress: 9 })).rejects.toThrow(/Only its owner/);
    await expect(pursuits.show(stranger, goal.id)).rejects.toThrow(/private/);
    await pursuits.update(owner, goal.id, { team_id: null });
    await expect(pursuits.show(mate, goal.id)).rejects.toThrow(/private/);
  });

  it("lists the teams' pursuits on the page beside, not over, the shell's current team", async () => {
    const owner = await t.signedIn();
    const mate = await t.signedIn();
    const teamId = await teamOf(owner.user, mate.user);
    const goal = await pursuits.create(owner.user, { title: 'Host 4 open houses', target: 4, team_id: teamId });
    const page = await mate.client.visit('/pursuits');
    expectPage(page, 'Pursuits/Index', { team_pursuits: { data: [{ id: goal.id, mine: false }] } });
    const shellTeam = (await mate.client.visit('/dashboard')).body.props.team;
    expect(shellTeam).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    expect(page.body.props.team).toEqual(shellTeam);
  });

  it('answers each caller as the authorization table says', async () => {
    const owner = await t.signedIn();
    const mate = await t.signedIn();
    const stranger = await t.signedIn();
    const teamId = await teamOf(owner.user, mate.user);
    const clients: Record<Caller, TestClient> = {
      guest: await t.client(),
      stranger: stranger.client,
      teammate: mate.client,
      owner: owner.client,
    };
    const goal = await pursuits.create(owner.user, { title: 'Shoot 50 spots', target: 50, team_id: teamId });
    const milestoneId = (await pursuits.addMilestone(owner.user, goal.id, 'First 10')).milestones[0].id;
    const fresh = async () =>
      `/api/pursuits/${(await pursuits.create(owner.user, { title: 'Scratch', target: 1 })).id}`;
    const freshMilestone = async () =>
      `/api/pursuit-milestones/${(await pursuits.addMilestone(owner.user, goal.id, 'Scratch')).milestones.at(-1)!.id}`;
    const signedIn = (s: number) => ({ guest: 401, stranger: s, teammate: s, owner: s });
    const readers = (s: number) => ({ guest: 401, stranger: 403, teammate: s, owner: s });
    const ownerOnly = (s: number) => ({ guest: 401, stranger: 403, teammate: 403, owner: s });
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expectAuthorizationTable<Caller>(clients, [
      { method: 'GET', path: '/pursuits', inertia: true, expect: { ...signedIn(200), guest: 302 } },
      { method: 'GET', path: '/api/pursuits', expect: signedIn(200) },
      { method: 'GET', path: '/api/pursuits?scope=team', expect: signedIn(200) },
      { method: 'POST', path: '/api/pursuits', body: { title: 'x' }, expect: signedIn(422) },
      { method: 'GET', path: `/api/pursuits/${goal.id}`, expect: readers(200) },
      { method: 'GET', path: `/api/pursuits/${nobody}`, expect: signedIn(404) },
      { method: 'PATCH', path: `/api/pursuits/${goal.id}`, body: { progress: 3 }, expect: ownerOnly(200) },
      { method: 'POST', path: `/api/pursuits/${goal.id}/milestones`, body: { title: 'Next' }, expect: ownerOnly(201) },
      {
        method: 'PATCH',
        path: `/api/pursuit-milestones/${milestoneId}`,
        body: { done: true },
        expect: ownerOnly(200),
      },
      // A bad body is the owner's 422 only: anyone else is refused before the body is read (403, never 422).
      {
        method: 'PATCH',
        path: `/api/pursuits/${goal.id}`,
        name: 'PATCH /api/pursuits/:id, bad body',
        body: { progress: 'lots' },
        expect: ownerOnly(422),
      },
      {
        method: 'POST',
        path: `/api/pursuits/${goal.id}/milestones`,
        name: 'POST /api/pursuits/:id/milestones, bad body',
        body: { title: '' },
        expect: ownerOnly(422),
      },
      {
        method: 'PATCH',
        path: `/api/pursuit-milestones/${milestoneId}`,
        name: 'PATCH /api/pursuit-milestones/:id, bad body',
        body: { done: 'maybe' },
        expect: ownerOnly(422),
      },
      { method: 'PATCH', path: '/api/pursuits/not-an-id', body: { progress: 'lots' }, expect: signedIn(404) },
      { method: 'DELETE', path: freshMilestone, name: 'DELETE /api/pursuit-milestones/:id', expect: ownerOnly(200) },
      { method: 'DELETE', path: fresh, name: 'DELETE /api/pursuits/:id', expect: ownerOnly(200) },
    ]);
  });
});
