import { CreditsService } from '../../src/modules/credits/credits.service';
import { browserSuite, watchProblems, withDiagnostics } from '../support/browser';
import { bootDesignApp, roomPhoto, waitForStatus } from '../designs/support';
import { makeProperty } from '../properties/helpers';

/** Browser bugs a newcomer met on a first day; each check failed before its fix. */
jest.setTimeout(120_000);

describe('browser: newcomer bugs', () => {
  const b = browserSuite(bootDesignApp);

  const { pageFor } = b;

  it('design chat: sending a message shows the question and the answer (no blank page)', async () => {
    const { t } = b;
    const { client, user } = await t.signedIn();
    await t.app.get(CreditsService).grant(user.id, 1, 'test');
    const res = await client
      .post('/api/designs/generate')
      .attach('image', await roomPhoto(480, 360), 'room.jpg')
      .field('options[theme]', 'Modern')
      .field('options[roomType]', 'Kitchen');
    await waitForStatus(t.db, res.body.design.id, ['completed']);
    const page = await pageFor(user);
    const problems = watchProblems(page);
    await withDiagnostics(page, async () => {
      await page.goto(`/designer/${res.body.design.id}/chat`);
      await page.getByLabel('Message').fill('Make the walls warmer');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.locator('[data-role="user"]').getByText('Make the walls warmer').waitFor();
      await page.locator('[data-role="assistant"]').first().waitFor();
    });
    expect(problems).toEqual([]);
  });

  it('Welcome: the main buttons can be read (text colour differs from their background)', async () => {
    const page = await pageFor(null);
    await withDiagnostics(page, async () => {
      await page.goto('/');
      for (const name of ['Create a free account', 'Log in']) {
        const [text, background] = await page
          .getByRole('link', { name, exact: true })
          .first()
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          .evaluate((el: any) => {
            // eslint-disable-next-line @typescript-eslint/no-explicit-any
            const style = (globalThis as any).getComputedStyle(el);
            return [style.color as string, style.backgroundColor as string];
          });
        // Readable: the text is not the colour of the button, nor white on a transparent button over white.
        expect(text).not.toBe(background);
        if (name === 'Create a free account') expect(background).toBe('rgb(255, 255, 255)');
        if (name === 'Create a free account') expect(text).not.toBe('rgb(255, 255, 255)');
      }
    });
  });

  it('embed: inside another site’s frame, no cookie banner and no copy button', async () => {
    const { t } = b;
    const { client, user } = await t.signedIn();
    const property = await makeProperty(client);
    const made = await client.post('/walkthroughs').send({ title: 'Framed tour', listing_id: property.listing.id });
    const slug = /\/walkthroughs\/([^/]+)\/edit/.exec(String(made.headers.location))![1];
    expect((await client.patch(`/api/walkthrough/${slug}`).send({ published: true })).status).toBe(200);
    expect(user.id).toBeDefined();
    const page = await pageFor(null);
    await withDiagnostics(page, async () => {
      await page.goto('/legal/terms'); // a page of the site first: the banner is there for a visitor
      await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
      await page.setContent(`<iframe src="${t.baseUrl}/embed/walkthrough/${slug}" width="640" height="360"></iframe>`);
      const frame = page.frameLocator('iframe');
      await frame.getByText('Framed tour').waitFor();
      await page.waitForTimeout(300);
      expect(await frame.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
      expect(await frame.getByTestId('copy-embed').count()).toBe(0);
    });
  });

  it('spot editor: one Save per thing it saves', async () => {
    const { t } = b;
    const { client, user } = await t.signedIn();
    const made = await client.post('/walkthroughs').send({ title: 'Spot host' });
    const slug = /\/walkthroughs\/([^/]+)\/edit/.exec(String(made.headers.location))![1];
    const spot = await client.post(`/api/spot/${slug}`).send({ title: 'Teaser' });
    expect(spot.status).toBeLessThan(300);
    const page = await pageFor(user);
    await withDiagnostics(page, async () => {
      await page.goto(`/spots/${spot.body.spot.slug}/edit`);
      await page.getByTestId('save-spot').waitFor();
      expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Save spot', exact: true }).count()).toBe(1);
    });
  });

  it('profile lists followers; notifications are marked read one by one', async () => {
    const { t } = b;
    const realtor = await t.createUser({ name: 'Riley Realtor' });
    const fan = await t.signedIn({ name: 'Frankie Fan' });
    expect((await fan.client.post(`/api/follows/${realtor.id}`)).status).toBe(200);
    const page = await pageFor(realtor);
    await withDiagnostics(page, async () => {
      await page.goto(`/profile/${realtor.handle}`);
      await page.getByTestId('followers-open').click();
      await page.getByTestId('follow-list').getByText('Frankie Fan').waitFor();
      await page.keyboard.press('Escape');

      await page.goto('/notifications');
      await page.getByText(/started following you/).waitFor();
      await page.getByRole('button', { name: /^Mark “.*” as read$/ }).click();
      await page.getByRole('button', { name: /^Mark “.*” as read$/ }).waitFor({ state: 'detached' });
      const [row] = (await t.db.query(`SELECT read_at FROM notifications WHERE user_id = $1`, [realtor.id])) as Array<{
        read_at: Date | null;
      }>;
      expect(row.read_at).not.toBeNull();
    });
  });

  it('logging out closes the live connection without a closed-socket warning', async () => {
    const { t } = b;
    const user = await t.createUser();
    const page = await pageFor(user);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (/CLOSING or CLOSED/.test(m.text())) warnings.push(`${m.text()} ${JSON.stringify(m.location())}`);
    });
    await withDiagnostics(page, async () => {
      await page.goto('/notifications');
      await page
        .waitForFunction(
          `document.querySelector('[data-connection-state]')?.getAttribute('data-connection-state') !== 'connecting'`,
        )
        .catch(() => undefined);
      await page.waitForTimeout(1500); // the socket connects and the user channel is joined
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.waitForTimeout(1000);
    });
    expect(warnings).toEqual([]);
  });

  it('the admin finds the console in the account menu', async () => {
    const { t } = b;
    const admin = await t.createUser({ role: 'admin' });
    const page = await pageFor(admin);
    await withDiagnostics(page, async () => {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Admin' }).click();
      await page.waitForURL('**/admin');
      // The console's own navigation (a card on the front door links there too).
      await page.getByRole('link', { name: 'Queue monitor', exact: true }).waitFor();
    });
  });

  it('two-factor setup starts with one click, through the password confirmation', async () => {
    const { t } = b;
    const user = await t.createUser();
    const page = await pageFor(user);
    await withDiagnostics(page, async () => {
      await page.goto('/settings/two-factor');
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      await page.waitForURL('**/user/confirm-password');
      await page.getByLabel(/^Password\*?$/).fill('correct-horse-battery');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL((url) => url.pathname === '/settings/two-factor');
      // No second click: the QR code and the code field are there.
      await page.getByRole('button', { name: 'Cancel setup' }).waitFor();
      expect(page.url()).not.toContain('setup=');
    });
  });
});
