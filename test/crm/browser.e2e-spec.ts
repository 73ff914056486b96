import { launchProfile, logIn, withDiagnostics } from '../support/browser';
import { bootTestApp, TestApp } from '../support/app';
import { makeBook, makeProperty } from './support';

jest.setTimeout(180_000);

/**
 * A viewer asks about a listing with "contact the agent"; the agent the routing rule names sees the lead arrive live
 * in My leads (no reload), opens the contact and finds the message and why it was routed to them, then sends the
 * book's email template from the contact and reads it, merge fields filled, in the dev mailbox.
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
    await book.owner.client
      .post('/api/crm/templates')
      .send({
        kind: 'email',
        name: 'Showing reply',
        subject: 'Saturday showing, {{first_name}}',
        body: 'Hi {{name}}, {{agent_name}} here: Saturday works.',
      })
      .expect(201);

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

        const card = page.getByLabel('Preview');
        await card.getByText('Saturday showing, Vera').waitFor();
        await page.getByRole('button', { name: 'Send email' }).click();
        await page.getByText('Email sent').waitFor();
        // The outbox delivers after the commit: the mailbox is read again until the mail lands (bounded).
        const mail = page.getByRole('link', { name: /Saturday showing, Vera/ });
        for (let i = 0; i < 40 && !(await mail.count()); i++) {
          await page.goto('/dev/mailbox');
          if (!(await mail.count())) await page.waitForTimeout(250);
        }
        await mail.click();
        await page.getByRole('heading', { name: 'Saturday showing, Vera' }).waitFor();
        await page.getByText('vera@example.test').waitFor();
        await page.getByRole('tab', { name: 'Text' }).click();
        await page.getByText(`Hi Vera Viewer, ${agent.name} here: Saturday works.`).waitFor();
      });
    } finally {
      await agentBrowser.close();
      await viewerBrowser.close();
    }
  });
});
