import { Logger } from '@nestjs/common';
import { seedDemoTeams } from '../../src/database/seeds/teams.seed';
import { bootTestApp, TestApp } from '../support/app';

jest.setTimeout(60_000);

/** The demo team seed: the brokerage with its members, listings, invitation and request; a second run adds nothing. */
describe('teams: demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
    for (const who of ['realtor', 'buyer', 'viewer']) await t.createUser({ email: `${who}@reelty.test`, handle: who });
  });
  afterAll(() => t.close());

  it('seeds Lone Star Realty once', async () => {
    const logger = new Logger('seed');
    await seedDemoTeams(t.app, logger);
    await seedDemoTeams(t.app, logger);
    const [team] = await t.db.query(`SELECT id, type FROM teams WHERE handle = 'lonestar'`);
    expect(team.type).toBe('brokerage');
    const roles = await t.db.query(
      `SELECT u.email, m.role FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 ORDER BY u.email`,
      [team.id],
    );
    expect(roles).toEqual([
      { email: 'buyer@reelty.test', role: 'agent' },
      { email: 'realtor@reelty.test', role: 'owner' },
    ]);
    const [listed] = await t.db.query(`SELECT count(*)::int AS n FROM properties WHERE team_id = $1 AND publish`, [
      team.id,
    ]);
    expect(listed.n).toBe(3);
    const [pending] = await t.db.query(
      `SELECT count(*)::int AS n FROM team_invitations WHERE team_id = $1 AND accepted_at IS NULL`,
      [team.id],
    );
    expect(pending.n).toBe(1);
    const [requests] = await t.db.query(`SELECT count(*)::int AS n FROM team_join_requests WHERE team_id = $1`, [
      team.id,
    ]);
    expect(requests.n).toBe(1);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM teams WHERE personal`))[0].n).toBe(3);
  });
});
