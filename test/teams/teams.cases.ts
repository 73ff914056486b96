import { expectPage } from '../support/authorization';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { makeProperty } from '../properties/helpers';
import type { User } from '../../src/modules/users/user.entity';

jest.setTimeout(90_000);

/** Teams over HTTP: routes, DTOs, the current team, team-owned properties and the invitation link. */
describe('teams over HTTP', () => {
  let t: TestApp;
  let owner: { client: TestClient; user: User };
  let teamId: string;

  beforeAll(async () => {
    t = await bootTestApp();
    owner = await t.signedIn({ name: 'Olive Owner' });
    const res = await owner.client
      .post('/api/teams')
      .send({ name: 'Lone Star Realty', handle: 'Lone_Star', type: 'brokerage' });
    expect(res.status).toBe(201);
    teamId = res.body.team.id;
  });
  afterAll(() => t.close());

  const joinAs = async (role: 'admin' | 'agent' | 'assistant') => {
    const member = await t.signedIn();
    await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3)`, [
      teamId,
      member.user.id,
      role,
    ]);
    expect((await member.client.put('/api/user/current-team').send({ team_id: teamId })).status).toBe(200);
    return member;
  };

  it('validates the create form with field errors and checks handles live', async () => {
    const bad = await owner.client.post('/api/teams').send({ name: '', handle: 'admin', type: 'cult' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['handle', 'name', 'type']);
    expect((await owner.client.post('/api/teams/check-handle').send({ handle: 'LONE_STAR' })).status).toBe(422);
    expect((await owner.client.post('/api/teams/check-handle').send({ handle: 'free_handle' })).body).toEqual({
      status: 'available',
    });
  });

  it('shares team, teamRole, current_team and team_users on pages and in the user JSON', async () => {
    const page = await owner.client.visit('/dashboard');
    expect(page.body.props.team).toMatchObject({ id: teamId, handle: 'lone_star' });
    expect(page.body.props.teamRole).toBe('owner');
    expect(page.body.props.current_team.permissions).toContain('team.delete');
    expect(page.body.props.team_users.map((m: { team: { personal: boolean } }) => m.team.personal)).toEqual([
      true,
      false,
    ]);
    const me = await owner.client.get(`/api/user/${owner.user.id}`);
    expect(me.body.user).toMatchObject({ team: { id: teamId }, teamRole: 'owner' });
  });

  it('team-owned properties: members see the team scope, roles decide edits and publishing, others get 404', async () => {
    const agent = await joinAs('agent');
    const assistant = await joinAs('assistant');
    const stranger = await t.signedIn();
    const property = await makeProperty(agent.client, { name: 'Team Loft' }, false);

    const teamList = await owner.client.get('/api/properties/dashboard/realtor?scope=team');
    expect(teamList.body.properties.data.map((p: { slug: string }) => p.slug)).toContain(property.slug);
    const mine = await owner.client.get('/api/properties/dashboard/realtor?scope=mine');
    expect(mine.body.properties.data.map((p: { slug: string }) => p.slug)).not.toContain(property.slug);
    const listings = await owner.client.get('/api/listings/dashboard?scope=team');
    expect(listings.body.listings.data).toHaveLength(1);

    expect((await assistant.client.get(`/api/properties/${property.slug}`)).status).toBe(200);
    const renamed = await assistant.client.post(`/api/properties/${property.slug}`).send({ name: 'Polished' });
    expect(renamed.status).toBe(200);
    // A draft's slug follows its name until it is first published.
    const slug: string = renamed.body.property.slug;
    expect((await assistant.client.post(`/api/properties/${slug}/publish`).send({ publish: true })).status).toBe(403);
    expect((await stranger.client.get(`/api/properties/${slug}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/listings/${property.listing.id}`)).status).toBe(404);
    expect((await owner.client.post(`/api/properties/${slug}/publish`).send({ publish: true })).status).toBe(200);
    // The team's per-state counts (kept by a trigger) agree with counting the rows.
    const counted = await owner.client.get('/api/properties/dashboard/realtor?scope=team&publish=published');
    const [real] = await t.db.query(
      `SELECT count(*) FILTER (WHERE publish AND archived_at IS NULL)::int AS published,
              count(*) FILTER (WHERE NOT publish AND archived_at IS NULL)::int AS draft, count(*)::int AS "all"
         FROM properties WHERE team_id = $1`,
      [teamId],
    );
    expect(counted.body.counts).toMatchObject(real);
    expect(counted.body.properties.total).toBe(real.published);
    // Switched to their personal team, the owner's team list no longer holds it.
    const personal = (await owner.client.get('/api/teams')).body.data[0].team.id;
    await owner.client.put('/api/user/current-team').send({ team_id: personal });
    const other = await owner.client.get('/api/properties/dashboard/realtor?scope=team');
    expect(other.body.properties.data.map((p: { slug: string }) => p.slug)).not.toContain(slug);
    await owner.client.put('/api/user/current-team').send({ team_id: teamId });
  });

  it('switching to a team one is not in answers 404', async () => {
    const stranger = await t.signedIn();
    expect((await stranger.client.put('/api/user/current-team').send({ team_id: teamId })).status).toBe(404);
    expect((await stranger.client.put('/api/user/current-team').send({ team_id: 'nope' })).status).toBe(422);
  });

  it('parallel role changes and transfers over HTTP leave exactly one owner', async () => {
    const admins = [await joinAs('admin'), await joinAs('admin')];
    const results = await Promise.all([
      ...admins.map((a) =>
        owner.client
          .post(`/api/teams/${teamId}/transfer`)
          .send({ user_id: a.user.id, password: 'correct-horse-battery' }),
      ),
      ...admins.map((a) => owner.client.patch(`/api/teams/${teamId}/members/${a.user.id}`).send({ role: 'agent' })),
    ]);
    expect(results.every((r) => [200, 403, 422].includes(r.status))).toBe(true);
    const owners = await t.db.query(`SELECT user_id FROM team_members WHERE team_id = $1 AND role = 'owner'`, [teamId]);
    expect(owners).toHaveLength(1);
  });

  it('an invitee without an account registers from the link and lands in the team', async () => {
    const [row] = await t.db.query(`SELECT owner_id FROM teams WHERE id = $1`, [teamId]);
    const currentOwner = row.owner_id === owner.user.id ? owner : null;
    const inviter = currentOwner ?? (await joinAs('admin'));
    const email = `newbie${Date.now()}@example.test`;
    expect((await inviter.client.post(`/api/teams/${teamId}/invitations`).send({ email, role: 'agent' })).status).toBe(
      201,
    );
    const mail = await waitForMail(t, email);
    const text = mail.text;
    const path = /\/team-invitations\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]+/.exec(text)![0];

    const guest = await t.client();
    const landing = await guest.visit(path);
    expectPage(landing, 'Invitations/Show', { email, refusal: null });
    const registered = await guest.post('/register').send({
      name: 'New Bie',
      email,
      password: 'a-long-password-1',
      password_confirmation: 'a-long-password-1',
      type: 'realtor',
    });
    expect(registered.status).toBeLessThan(400);
    await guest.refreshToken();
    const after = await guest.visit('/dashboard');
    expect(after.body.props.team).toMatchObject({ id: teamId });
    expect(after.body.props.teamRole).toBe('agent');

    // A second use of the link, and another account, are refused clearly.
    const other = await t.signedIn();
    const refused = await other.client.visit(path);
    expectPage(refused, 'Invitations/Show');
    expect(refused.body.props.refusal).toMatch(/already been accepted|Sign in with that address/);
  });
});

async function waitForMail(t: TestApp, to: string): Promise<{ text: string }> {
  for (let i = 0; i < 50; i++) {
    const [mail] = await t.db.query(`SELECT text FROM mails WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`, [to]);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}`);
}
