import type { Page } from 'playwright-core';
import { COMPLETE } from '../properties/helpers';
import { launchProfile, logIn, withDiagnostics } from '../support/browser';
import { bootTestApp, TestApp } from '../support/app';

jest.setTimeout(180_000);

/** The switcher for the current team: its label names the team at every width (phones show only the badge). */
const switcherNaming = (page: Page, team: string) =>
  page.getByRole('button', { name: `Current team: ${team}. Switch team`, exact: true });

/** JSON call from the page, as the client's http module makes it (session cookie + XSRF header). */
function apiFrom(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, url, body },
  );
}

/**
 * Create a team, invite by email, read the link in the dev mailbox, accept in a second browser, switch teams,
 * publish a team listing; the other member sees it under "my team".
 */
describe('teams journey (browser)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('invites, accepts, switches and shares a team listing', async () => {
    await t.createUser({ email: 'olga@example.test', handle: 'olga_owner', name: 'Olga Owner', type: 'realtor' });
    await t.createUser({ email: 'abe@example.test', handle: 'abe_agent', name: 'Abe Agent', type: 'realtor' });
    const owner = await launchProfile(t.baseUrl);
    const agent = await launchProfile(t.baseUrl, { width: 360, height: 780 });
    try {
      let teamId = '';
      await withDiagnostics(owner.page, async () => {
        const page = owner.page;
        await logIn(page, 'olga@example.test');
        await page.goto('/teams/create');
        await page.getByLabel('Team name').fill('Journey Realty');
        await page.getByText('@journey_realty is available').waitFor();
        await page.getByRole('button', { name: 'Create team' }).click();
        await page.waitForURL(/\/teams\/[0-9a-f-]{36}$/);
        teamId = /\/teams\/([0-9a-f-]{36})/.exec(page.url())![1];
        await page.getByLabel('Email').fill('abe@example.test');
        await page.getByRole('button', { name: 'Send invitation' }).click();
        await page.getByText('abe@example.test · agent').waitFor();
      });

      // The invitation mail, read in the development mailbox.
      let link = '';
      await withDiagnostics(owner.page, async () => {
        const page = owner.page;
        await page.goto('/dev/mailbox');
        await page
          .getByText(/invited you to Journey Realty/)
          .first()
          .click();
        await page.getByText('Text', { exact: true }).click();
        const text = await page.locator('body').innerText();
        link = /\/team-invitations\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]+/.exec(text)![0];
      });

      await withDiagnostics(agent.page, async () => {
        const page = agent.page;
        await logIn(page, 'abe@example.test');
        await page.goto(link);
        await page.waitForURL(new RegExp(`/teams/${teamId}$`));
        await page.getByText('Abe Agent').waitFor();
        await switcherNaming(page, 'Journey Realty').waitFor();
      });

      // The owner switches to the personal team and back with the switcher, then publishes a team listing.
      let slug = '';
      await withDiagnostics(owner.page, async () => {
        const page = owner.page;
        await page.goto('/properties');
        await page.getByTestId('team-switcher').click();
        await page.getByRole('menuitemradio', { name: /Olga's Team/ }).click();
        await switcherNaming(page, "Olga's Team").waitFor();
        await page.getByTestId('team-switcher').click();
        await page.getByRole('menuitemradio', { name: /Journey Realty/ }).click();
        await switcherNaming(page, 'Journey Realty').waitFor();
        const created = await apiFrom(page, 'POST', '/api/properties', { name: 'Journey Loft' });
        slug = created.body.property.slug;
        expect(
          (await apiFrom(page, 'POST', `/api/properties/${slug}`, { ...COMPLETE, name: 'Journey Loft' })).status,
        ).toBe(200);
        await page.goto(`/properties/${slug}/edit?step=publish`);
        await page.getByTestId('publish-toggle').click();
        await page.getByRole('button', { name: 'Unpublish' }).waitFor();
      });

      await withDiagnostics(agent.page, async () => {
        const page = agent.page;
        await page.goto('/properties');
        await page.getByTestId('scope-team').click();
        await page.getByText('Journey Loft').waitFor();
      });
      const [row] = await t.db.query(`SELECT team_id, publish FROM properties WHERE slug = $1`, [slug]);
      expect(row).toEqual({ team_id: teamId, publish: true });
    } finally {
      await owner.close();
      await agent.close();
    }
  });
});
