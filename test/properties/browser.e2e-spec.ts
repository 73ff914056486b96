import sharp from 'sharp';
import { launchProfile, logIn, withDiagnostics } from '../support/browser';
import { bootTestApp, TestApp } from '../support/app';

/**
 * A realtor creates a property through the editor steps, uploads a photo and publishes it; a
 * viewer then finds it on the market map by radius. Runs with no map tiles (MAP_TILE_URL=none):
 * the map must work offline.
 */
describe('property editor → market map (browser)', () => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.MAP_TILE_URL = 'none';
    t = await bootTestApp();
  });
  afterAll(async () => {
    delete process.env.MAP_TILE_URL;
    await t.close();
  });

  it('creates, photographs, publishes, then finds it within the radius', async () => {
    await t.createUser({
      type: 'realtor',
      email: 'browser-realtor@example.test',
      handle: 'browserrealtor',
      name: 'Bea Realtor',
    });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2563eb' } })
      .jpeg()
      .toBuffer();
    const realtor = await launchProfile(t.baseUrl);
    const page = realtor.page;
    try {
      await withDiagnostics(page, async () => {
        await logIn(page, 'browser-realtor@example.test');

        await page.goto('/properties');
        await page.getByTestId('new-property').click();
        // Opening the editor makes nothing: the draft is created by the first step's save.
        await page.waitForURL(/\/properties\/new/);
        expect((await t.db.query(`SELECT count(*)::int AS n FROM properties`))[0].n).toBe(0);

        // 1. Address: typed, then placed on the map by the offline geocoder, then nudged ~1.5 miles north.
        await page.getByLabel('Street address').fill('1 Congress Ave');
        await page.getByLabel('City').fill('Austin');
        await page.getByLabel('State / region').fill('TX');
        await page.getByLabel('ZIP / postal code').fill('78701');
        await page.getByLabel('Country', { exact: true }).fill('United States');
        await page.getByTestId('find-on-map').click();
        await page.waitForFunction(() =>
          (document.querySelector('input[name="latitude"]') as HTMLInputElement | null)?.value.startsWith('30.267'),
        );
        await page.getByLabel('Latitude').fill('30.2888');
        await page.getByTestId('next-step').click();
        await page.waitForURL(/\/properties\/new-property-[a-z0-9]{6}\/edit\?step=details/);
        const suffix = /new-property-([a-z0-9]{6})/.exec(page.url())![1];

        // 2. Details: renaming a draft moves its slug along (it stays put once published).
        await page.getByLabel('Name').fill('Browser Loft');
        await page.locator('select:has(option[value="condo"])').selectOption('condo');
        await page.getByTestId('next-step').click();
        await page.waitForURL(new RegExp(`/properties/browser-loft-${suffix}/edit\\?step=price`));
        const slug = `browser-loft-${suffix}`;

        // 3. Price.
        await page.getByLabel('Price', { exact: true }).fill('425000.50');
        await page.getByTestId('next-step').click();

        // 4. Components (nothing to change), 5. Photos.
        await page.getByTestId('next-step').click();
        await page
          .getByTestId('photo-input')
          .setInputFiles({ name: 'loft.jpg', mimeType: 'image/jpeg', buffer: photo });
        await page.locator('[data-testid="photo-grid"] img').first().waitFor();
        await page.getByTestId('next-step').click();

        // 6. Publish; the property is reloaded and the button flips.
        await page.getByTestId('publish-toggle').click();
        await page.getByRole('button', { name: 'Unpublish' }).waitFor();
        const rows = await t.db.query(
          `SELECT publish, price::text AS price, name, latitude FROM properties WHERE slug = $1`,
          [slug],
        );
        expect(rows[0]).toMatchObject({ publish: true, price: '425000.50', name: 'Browser Loft', latitude: 30.2888 });
      });
    } finally {
      await realtor.close();
    }

    // A viewer (not signed in) on a phone-sized screen.
    const viewer = await launchProfile(t.baseUrl, { width: 390, height: 844 });
    try {
      await withDiagnostics(viewer.page, async () => {
        const page = viewer.page;
        await page.goto('/market');
        await page.getByRole('searchbox', { name: 'Location' }).fill('Austin, TX');
        await page.getByLabel('Radius').selectOption('1');
        await page.getByTestId('market-search').click();
        await page.getByText(/within 1 mi of Austin, TX/).waitFor();
        expect(await page.getByTestId('market-results').getByText('Browser Loft').count()).toBe(0);

        await page.getByLabel('Radius').selectOption('2');
        await page.getByTestId('market-search').click();
        await page.getByTestId('market-results').getByText('Browser Loft').waitFor();
        await page.getByText(/^1\.[45]\d* mi away$/).waitFor();
        // The pin is on the map (Leaflet draws circle markers as interactive SVG paths), without tiles.
        await page.waitForFunction(
          () => document.querySelector('[data-testid="market-map"]')?.getAttribute('data-pins') === '1',
        );
        expect(
          await page.locator('[data-testid="market-map"] path.leaflet-interactive').count(),
        ).toBeGreaterThanOrEqual(2);
        await page.getByTestId('market-results').getByText('Browser Loft').click();
        await page.waitForURL(/\/properties\/browser-loft-/);
        await page.getByTestId('price').getByText('$425,000.50').waitFor();
      });
    } finally {
      await viewer.close();
    }
  }, 120000);
});
