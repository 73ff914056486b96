import type { Page } from 'playwright-core';
import { launchProfile, withDiagnostics } from '../support/browser';
import { bootTestApp, TestApp } from '../support/app';
import { makeBook, makeProperty } from './support';

jest.setTimeout(180_000);

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('correct-horse-battery');
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL(/\/dashboard/);
}

/**
 * A viewer asks about a listing with "contact the agent"; the agent the routing rule names sees the lead arrive live
 * in My leads (no reload), opens the contact and finds the message and why it was routed to them.
 */
describe('crm journey (browser)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('an inquiry reaches the routed agent live and opens as a contact', async () => {
    const book = await makeBook(t, 1);
    const agent = book.agents[0].user;
    await t.db.query(
      `INSERT INTO crm_routing_rules (team_id, position, name, zips, target, agent_ids)
       VALUES ($1, 1, 'Mission', '{94110}', 'agent', $2)`,
      [book.teamId, [agent.id]],
    );
    const propertyId = await makeProperty(t, book, { zip: '94110' });
    const [{ slug }] = await t.db.query(`SELECT slug FROM properties WHERE id = $1`, [propertyId]);
    await t.db.query(`UPDATE current_teams SET team_id = $1 WHERE user_id = $2`, [book.teamId, agent.id]);

    const agentBrowser = await launchProfile(t.baseUrl);
    const viewerBrowser = await launchProfile(t.baseUrl, { width: 360, height: 780 });
    try {
      await withDiagnostics(agentBrowser.page, async () => {
        await logIn(agentBrowser.page, agent.email);
        await agentBrowser.page.goto('/leads');
        await agentBrowser.page.getByText('No leads yet').waitFor();
      });
      await withDiagnostics(viewerBrowser.page, async () => {
        const page = viewerBrowser.page;
        await page.goto(`/properties/${slug}`);
        await page.getByLabel('Your name').fill('Vera Viewer');
        await page.getByLabel('Email').fill('vera@example.test');
        await page.getByLabel('Message').fill('Can I see it on Saturday?');
        await page.getByRole('button', { name: 'Send to the agent' }).click();
        await page.getByText('The agent will be in touch soon').waitFor();
      });
      await withDiagnostics(agentBrowser.page, async () => {
        const page = agentBrowser.page;
        const row = page.getByRole('list', { name: 'My leads' }).getByRole('link', { name: 'Vera Viewer' });
        await row.waitFor();
        await page.getByText('routed by rule 1: zip 94110 → agent Mission').waitFor();
        await row.click();
        await page.waitForURL(/\/contacts\/[0-9a-f-]{36}$/);
        await page.getByRole('heading', { name: 'Vera Viewer' }).waitFor();
        await page.getByText('Can I see it on Saturday?').waitFor();
        await page.getByRole('button', { name: 'Save note' }).waitFor();
      });
    } finally {
      await agentBrowser.close();
      await viewerBrowser.close();
    }
  });
});
