import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app';
import { launchProfile, withDiagnostics } from '../support/browser';
import { bootDesignApp, roomPhoto } from '../designs/support';
import { demoPhoto } from '../../src/database/seeds/demo-photos';
import { checkStep } from './screenshots';

/**
 * A newcomer's first day in a real browser: the Welcome page, registration and email verification, a first AI
 * design (paid by the welcome credits) and a question about it, a first listing with its walkthrough, and a first
 * chat started from a profile. Every step is photographed in light and dark at 1280 and 360 px
 * (test/browser/__screenshots__, kept by CI).
 */
jest.setTimeout(240_000);

describe('browser: a new realtor’s first day', () => {
  let t: TestApp;
  let browser: Awaited<ReturnType<typeof launchProfile>>;
  let page: Page;

  beforeAll(async () => {
    t = await bootDesignApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
    browser = await launchProfile(t.baseUrl, { width: 1280, height: 860 });
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('registers, designs, lists with a walkthrough and chats', async () => {
    await withDiagnostics(page, journey);
  });

  async function journey(): Promise<void> {
    const email = `newcomer-${t.databaseName.slice(-6)}@example.test`;
    const other = await t.createUser({ name: 'Avery Buyer', handle: `avery${t.databaseName.slice(-5)}` });

    // 1. The Welcome page sells the product; its main button can be read.
    await page.goto('/');
    const cta = page.getByRole('link', { name: 'Create a free account' });
    await cta.waitFor();
    await checkStep(page, '01-welcome');
    await page.getByRole('button', { name: 'Accept cookies' }).click();

    // 2. Register as a realtor and verify the address from the dev mailbox.
    await cta.click();
    await page.waitForURL('**/register');
    await page.getByLabel('Name').fill('Robin Realtor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('I am a').selectOption('realtor');
    await page.getByLabel(/^Password\*?$/).fill('newcomer-pass-123');
    await page.getByLabel(/^Confirm password\*?$/).fill('newcomer-pass-123');
    await checkStep(page, '02-register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/email/verify');
    await page.goto('/dev/mailbox');
    await page
      .getByRole('link', { name: /Verify your email address/ })
      .first()
      .click();
    await page.frameLocator('iframe[title="Mail body"]').getByRole('link', { name: 'Verify email address' }).click();
    await page.waitForURL('**/dashboard?verified=1');
    await page.getByRole('heading', { name: /Hi Robin/ }).waitFor();
    await checkStep(page, '03-dashboard');

    // 3. A first design, paid by the welcome credits.
    await page.goto('/designer');
    await page
      .waitForFunction(
        `document.querySelector('[data-testid="credits-badge"]')?.textContent === '10 credits'`,
        undefined,
        { timeout: 10_000, polling: 250 },
      )
      .catch(async () => {
        await page.reload(); // the grant is a job: it may land just after the first paint
        await page.getByTestId('credits-badge').getByText('10 credits').waitFor();
      });
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto(1024, 768) });
    await page.getByTestId('upload-preview').waitFor();
    await checkStep(page, '04-designer');
    await page.getByTestId('generate-button').click();
    await page.getByTestId('compare-slider').waitFor({ timeout: 60_000 });
    await page.waitForURL(/\/designer\/[0-9a-f-]{36}/).catch(() => undefined);
    await checkStep(page, '05-design-result');

    // 4. Ask about the design: the answer appears beside the question (the page must not go blank).
    const designId = (
      (await t.db.query(`SELECT id FROM designs WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
        email,
      ])) as Array<{ id: string }>
    )[0].id;
    await page.goto(`/designer/${designId}/chat`);
    await page.getByLabel('Message').fill('Make the walls warmer');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Make the walls warmer').waitFor();
    await page.locator('[data-role="assistant"]').first().waitFor();
    await checkStep(page, '06-design-chat');

    // 5. A first listing, through the property editor.
    await page.goto('/properties');
    await page.getByTestId('new-property').click();
    // Opening the editor makes nothing yet: the draft is created by the first step's save.
    await page.waitForURL(/\/properties\/new/);
    await page.getByLabel('Street address').fill('1200 Congress Ave');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State / region').fill('TX');
    await page.getByLabel('ZIP / postal code').fill('78701');
    await page.getByLabel('Country', { exact: true }).fill('United States');
    await page.getByTestId('find-on-map').click();
    // The offline geocoder finds the town, not the street, and says so where the pin is.
    await page
      .getByTestId('pin-note')
      .getByText(/not looked up offline/)
      .waitFor();
    await checkStep(page, '07-editor-address');
    await page.getByTestId('next-step').click();
    await page.getByLabel('Name').fill('Congress Avenue Loft');
    await page.locator('select:has(option[value="condo"])').selectOption('condo');
    await page.getByTestId('next-step').click();
    await page.getByLabel('Price', { exact: true }).fill('525000');
    await page.getByTestId('next-step').click();
    await page.getByTestId('next-step').click();
    await page.getByTestId('photo-input').setInputFiles([
      { name: 'street.jpg', mimeType: 'image/jpeg', buffer: await demoPhoto(2, 0) },
      { name: 'living.jpg', mimeType: 'image/jpeg', buffer: await demoPhoto(2, 1) },
      { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await demoPhoto(2, 2) },
    ]);
    await page.locator('[data-testid="photo-grid"] img').nth(2).waitFor();
    await page.getByTestId('next-step').click();
    await page.getByTestId('publish-toggle').click();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    const [listing] = (await t.db.query(
      `SELECT l.id, p.slug FROM listings l JOIN properties p ON p.id = l.property_id WHERE p.name = 'Congress Avenue Loft'`,
    )) as Array<{ id: string; slug: string }>;
    expect(listing).toBeDefined();

    // 6. Its walkthrough, linked to the listing from the form.
    await page.goto('/walkthroughs');
    await page.getByLabel('Title').fill('Congress Avenue Loft tour');
    await page.getByLabel('Listing', { exact: true }).selectOption(listing.id);
    await checkStep(page, '08-walkthrough-new');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/walkthroughs\/[^/]+\/edit/);
    expect(await page.getByLabel('Listing', { exact: true }).inputValue()).toBe(listing.id);
    const [walkthrough] = (await t.db.query(`SELECT listing_id FROM walkthroughs WHERE title = $1`, [
      'Congress Avenue Loft tour',
    ])) as Array<{ listing_id: string }>;
    expect(walkthrough.listing_id).toBe(listing.id);
    await checkStep(page, '09-walkthrough-edit');

    await page.goto(`/properties/${listing.slug}`);
    await page.getByTestId('price').waitFor();
    await checkStep(page, '10-property-page');
    // The gallery opens a lightbox that steps through the photos.
    await page.getByRole('button', { name: 'Show all 3 photos' }).click();
    await page.getByTestId('lightbox-counter').getByText('1 / 3').waitFor();
    await page.getByRole('button', { name: 'Next photo' }).click();
    await page.getByTestId('lightbox-counter').getByText('2 / 3').waitFor();
    await checkStep(page, '10b-lightbox');
    await page.keyboard.press('Escape');

    // 7. A first chat, from a profile's "Message" button.
    await page.goto(`/profile/${other.handle}`);
    await page.getByRole('link', { name: 'Message' }).click();
    await page.waitForURL('**/chats**');
    await page.getByRole('region', { name: 'New chat with Avery Buyer' }).waitFor();
    await page.getByLabel('First message').fill('Hi Avery, want to see the loft on Saturday?');
    await checkStep(page, '11-chat-start');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Hi Avery, want to see the loft on Saturday?').last().waitFor();
    await page.waitForURL(/\/chats\?chat=[0-9a-f-]{36}/);
    await checkStep(page, '12-chat');

    // The feed and the market map, as the realtor's audience sees them.
    await page.goto('/market?q=Austin%2C%20TX');
    await page.getByTestId('market-map').waitFor();
    // No tile server is reachable here: the app's own basemap still names the places around.
    await page.locator('[data-testid="market-map"] .basemap-label').getByText('Austin').first().waitFor();
    // A new radius searches again by itself.
    await page.getByLabel('Radius').selectOption('0.5');
    await page.getByText(/within 0\.5 mi of/).waitFor();
    await checkStep(page, '13-market');
  }
});
