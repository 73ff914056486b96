import { randomUUID } from 'node:crypto';
import { expectAuthorizationTable } from '../support/authorization';
import { bootTestApp, TestApp, TestClient } from '../support/app';

jest.setTimeout(120_000);

type Caller = 'guest' | 'stranger' | 'assistant' | 'agent' | 'admin' | 'owner';
const ROLES = ['assistant', 'agent', 'admin'] as const;

/** Every teams route and the team channel: a guest, a non-member, each role and the owner. */
describe('teams: authorization table', () => {
  let t: TestApp;
  let clients: Record<Caller, TestClient>;
  let teamId: string;
  let handle: string;
  let adminId: string;
  let n = 0;

  beforeAll(async () => {
    t = await bootTestApp();
    const owner = await t.signedIn();
    const created = await owner.client
      .post('/api/teams')
      .send({ name: 'Table Team', handle: 'table_team', type: 'team' });
    teamId = created.body.team.id;
    handle = created.body.team.handle;
    const members: Partial<Record<Caller, TestClient>> = {};
    for (const role of ROLES) {
      const m = await t.signedIn();
      await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3)`, [
        teamId,
        m.user.id,
        role,
      ]);
      members[role] = m.client;
      if (role === 'admin') adminId = m.user.id;
    }
    clients = {
      guest: await t.client(),
      stranger: (await t.signedIn()).client,
      assistant: members.assistant!,
      agent: members.agent!,
      admin: members.admin!,
      owner: owner.client,
    };
  });
  afterAll(() => t.close());

  const unique = () => `${++n}${Date.now() % 100000}`;
  const freshMember = async () => {
    const user = await t.createUser();
    await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'agent')`, [teamId, user.id]);
    return user.id;
  };
  const freshInvitation = async () => {
    const [row] = await t.db.query(
      `INSERT INTO team_invitations (team_id, email, role, token_hash, expires_at)
       VALUES ($1, $2, 'agent', $3, now() + interval '7 days') RETURNING id`,
      [teamId, `invitee${unique()}@example.test`, randomUUID().replace(/-/g, '').padEnd(64, '0')],
    );
    return row.id as string;
  };
  const freshRequest = async () => {
    const user = await t.createUser();
    const [row] = await t.db.query(`INSERT INTO team_join_requests (team_id, user_id) VALUES ($1, $2) RETURNING id`, [
      teamId,
      user.id,
    ]);
    return row.id as string;
  };
  const team = (suffix = '') => `/api/teams/${teamId}${suffix}`;
  const forMembers = (ok: number, denied = 403) => ({
    guest: 401,
    stranger: 404,
    assistant: denied,
    agent: denied,
    admin: ok,
    owner: ok,
  });
  const everyMember = (ok: number) => ({ guest: 401, stranger: 404, assistant: ok, agent: ok, admin: ok, owner: ok });
  const signedIn = (ok: number) => ({ guest: 401, stranger: ok, assistant: ok, agent: ok, admin: ok, owner: ok });

  it('answers each caller as the roles allow', async () => {
    await expectAuthorizationTable<Caller>(clients, [
      { method: 'GET', path: '/api/teams', expect: signedIn(200) },
      {
        method: 'POST',
        path: '/api/teams',
        body: () => ({ name: 'Another', handle: `another_${unique()}`, type: 'agency' }),
        expect: signedIn(201),
      },
      { method: 'POST', path: '/api/teams/check-handle', body: { handle: 'free_one' }, expect: signedIn(200) },
      { method: 'GET', path: '/api/teams/current', expect: signedIn(200) },
      { method: 'PUT', path: '/api/user/current-team', body: { team_id: teamId }, expect: everyMember(200) },
      { method: 'GET', path: team(), expect: everyMember(200) },
      { method: 'PATCH', path: team(), body: { name: 'Table Team' }, expect: forMembers(200) },
      // A bad body is the allowed roles' 422 only: the others are refused before the body is read.
      { method: 'PATCH', path: team(), name: 'PATCH team, bad body', body: { name: 42 }, expect: forMembers(422) },
      { method: 'POST', path: team('/logo'), expect: forMembers(422) },
      { method: 'DELETE', path: team(), body: { password: 'wrong' }, expect: { ...forMembers(403), owner: 422 } },
      { method: 'GET', path: team('/members'), expect: everyMember(200) },
      {
        method: 'PATCH',
        path: async () => team(`/members/${await freshMember()}`),
        body: { role: 'assistant' },
        expect: forMembers(200),
      },
      {
        method: 'PUT',
        path: async () => team(`/members/${await freshMember()}/llm-cap`),
        body: { llm_cap_micro: 5000 },
        expect: forMembers(200),
      },
      { method: 'DELETE', path: async () => team(`/members/${await freshMember()}`), expect: forMembers(200) },
      {
        method: 'POST',
        path: team('/transfer'),
        body: () => ({ user_id: adminId, password: 'wrong' }),
        expect: { ...forMembers(403), owner: 422 },
      },
      {
        method: 'POST',
        name: 'POST transfer, bad body',
        path: team('/transfer'),
        body: { user_id: 'the admin' },
        expect: { ...forMembers(403), owner: 422 },
      },
      { method: 'GET', path: team('/llm-usage'), expect: { ...everyMember(200), assistant: 403 } },
      { method: 'GET', path: team('/invitations'), expect: forMembers(200) },
      {
        method: 'POST',
        path: team('/invitations'),
        body: () => ({ email: `new${unique()}@example.test`, role: 'agent' }),
        expect: forMembers(201),
      },
      {
        method: 'POST',
        path: async () => `/api/team-invitations/${await freshInvitation()}/resend`,
        expect: forMembers(200),
      },
      {
        method: 'DELETE',
        path: async () => `/api/team-invitations/${await freshInvitation()}`,
        expect: forMembers(200),
      },
      { method: 'GET', path: '/api/invitations', expect: signedIn(200) },
      // Someone else's invitation: refused for every account but the invited address.
      {
        method: 'POST',
        path: async () => `/api/invitations/${await freshInvitation()}/accept`,
        expect: signedIn(403),
      },
      {
        method: 'POST',
        path: async () => `/api/invitations/${await freshInvitation()}/decline`,
        expect: signedIn(404),
      },
      { method: 'GET', path: `/api/teams/by-handle/${handle}`, expect: signedIn(200) },
      {
        method: 'POST',
        path: '/api/teams/join',
        body: { handle },
        expect: { guest: 401, stranger: 200, assistant: 422, agent: 422, admin: 422, owner: 422 },
      },
      { method: 'GET', path: team('/requests'), expect: forMembers(200) },
      {
        method: 'POST',
        path: async () => `/api/team-requests/${await freshRequest()}/approve`,
        body: {},
        expect: forMembers(200),
      },
      {
        method: 'POST',
        name: 'POST /api/team-requests/:id/approve, bad body',
        path: async () => `/api/team-requests/${await freshRequest()}/approve`,
        body: { role: 'owner' },
        expect: forMembers(422),
      },
      {
        method: 'POST',
        path: async () => `/api/team-requests/${await freshRequest()}/decline`,
        expect: forMembers(200),
      },
      { method: 'POST', path: team('/domain'), body: { domain: 'table-team.test' }, expect: forMembers(200) },
      { method: 'POST', path: team('/domain/verify'), expect: forMembers(422) },
      { method: 'DELETE', path: team('/domain'), expect: forMembers(200) },
      { method: 'GET', path: `/api/teams/${randomUUID()}`, expect: signedIn(404) },
      { method: 'GET', path: '/api/teams/not-a-uuid', expect: signedIn(404) },
    ]);
  });

  it('pages: members see their team pages as their role allows', async () => {
    const page = (path: string) => `/teams/${teamId}${path}`;
    await expectAuthorizationTable<Caller>(clients, [
      { method: 'GET', inertia: true, path: '/teams/create', expect: { ...signedIn(200), guest: 302 } },
      { method: 'GET', inertia: true, path: '/invitations', expect: { ...signedIn(200), guest: 302 } },
      { method: 'GET', inertia: true, path: page(''), expect: { ...everyMember(200), guest: 302 } },
      { method: 'GET', inertia: true, path: page('/requests'), expect: { ...forMembers(200), guest: 302 } },
      { method: 'GET', inertia: true, path: page('/settings'), expect: { ...forMembers(200), guest: 302 } },
      {
        method: 'GET',
        inertia: true,
        path: page('/llm-usage'),
        expect: { ...{ ...everyMember(200), guest: 302 }, assistant: 403 },
      },
    ]);
  });

  it('the team channel is for members only', async () => {
    const channel = `private-team.${teamId}`;
    await expectAuthorizationTable<Caller>(clients, [
      {
        method: 'POST',
        path: '/broadcasting/auth',
        body: { socket_id: '1.1', channel_name: channel },
        expect: { guest: 403, stranger: 403, assistant: 200, agent: 200, admin: 200, owner: 200 },
      },
    ]);
  });
});
