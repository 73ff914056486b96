import type { Page } from 'playwright-core';
import { bootTestApp } from '../support/app';
import { browserSuite, signedInContext, withDiagnostics } from '../support/browser';
import { checkStep } from './screenshots';

jest.setTimeout(120_000);

/** Two digits. */
const dd = (n: number) => String(n).padStart(2, '0');

/** Draws a four-cornered area with real clicks on the Leaflet map, away from the centre (where a pin sits). */
async function drawArea(page: Page): Promise<void> {
  await page.getByTestId('draw-area').click();
  const map = page.getByTestId('market-map');
  // Mid-screen, clear of the sticky header and the phone's bottom bar, as a person would scroll it.
  await map.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const dx = box.width * 0.35;
  const dy = box.height * 0.3;
  for (const [x, y] of [
    [cx - dx, cy - dy],
    [cx + dx, cy - dy],
    [cx + dx, cy + dy],
    [cx - dx, cy + dy],
  ]) {
    await page.mouse.click(x, y);
  }
  await page.getByTestId('finish-area').filter({ hasText: '4 corners' }).click();
  await page.getByText(/in the drawn area/).waitFor();
}

/**
 * The story: a buyer draws an area, saves the search, a realtor publishes a matching listing, the buyer
 * gets the live notification, saves it to a shared collection, requests a tour, the realtor accepts.
 */
describe('browser: buyer journey', () => {
  const suite = browserSuite(() => bootTestApp());

  it('draw area → save search → realtor publishes → live alert → shared collection → tour → realtor confirms', async () => {
    const buyer = await suite.t.createUser({ name: 'Bea Buyer' });
    const realtor = await suite.t.createUser({ name: 'Rita Realtor', type: 'realtor' });
    const stamp = Date.now();
    await suite.t.db.query(
      `INSERT INTO properties (user_id, slug, name, city, publish, published_at, latitude, longitude, price)
       VALUES ($1, $2, 'Journey Loft', 'Austin', true, now(), 30.25, -97.75, 450000)`,
      [realtor.id, `journey-loft-${stamp}`],
    );
    const when = new Date(Date.now() + 3 * 24 * 3600_000);
    const slot = `${when.getFullYear()}-${dd(when.getMonth() + 1)}-${dd(when.getDate())}T10:00`;

    const context = await signedInContext(suite.browser, suite.t.baseUrl, buyer, {
      viewport: { width: 360, height: 780 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await withDiagnostics(page, async () => {
      await page.goto('/market?lat=30.25&lng=-97.75');
      await page.getByText('Journey Loft').first().waitFor();
      await page.getByRole('button', { name: 'Accept cookies' }).click();
      await drawArea(page);
      await page.getByTestId('market-results').getByText('Journey Loft').waitFor();
      await checkStep(page, 'buyer-drawn-area');
      page.once('dialog', (d) => void d.accept('Austin lofts'));
      await page.getByTestId('save-search').click();
      await page.getByTestId('saved-searches').getByText('Austin lofts').waitFor();
    });
    const [search] = await suite.t.db.query(`SELECT name, params FROM saved_searches WHERE user_id = $1`, [buyer.id]);
    expect(search.name).toBe('Austin lofts');
    const corners = String(search.params.polygon)
      .split(';')
      .map((pair) => pair.split(',').map(Number));
    expect(corners).toHaveLength(4);

    // The realtor publishes a new listing inside the drawn area, through the app's publish route.
    const inside = {
      lat: corners.reduce((s, c) => s + c[0], 0) / 4 + 0.001,
      lng: corners.reduce((s, c) => s + c[1], 0) / 4 + 0.001,
    };
    const slug = `fresh-bungalow-${stamp}`;
    await suite.t.db.query(
      `INSERT INTO properties (user_id, slug, name, city, publish, latitude, longitude, price)
       VALUES ($1, $2, 'Fresh Bungalow', 'Austin', false, $3, $4, 380000)`,
      [realtor.id, slug, inside.lat, inside.lng],
    );
    const desk = await suite.t.client();
    const login = await desk.post('/login').send({ email: realtor.email, password: 'correct-horse-battery' });
    expect(login.status).toBeLessThan(400);
    await desk.refreshToken();
    const published = await desk.post(`/api/properties/${slug}/publish`).send({ publish: true });
    expect(published.status).toBe(200);

    await withDiagnostics(page, async () => {
      // Live, without a reload: the toast, the bell's count and the refreshed list.
      await page.getByText('New listing: Fresh Bungalow matches "Austin lofts"').waitFor();
      await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();
      await page.getByTestId('market-results').getByText('Fresh Bungalow').waitFor();
      await checkStep(page, 'buyer-live-alert');

      await page.goto(`/properties/${slug}`);
      await page.getByLabel('New collection name').fill('Our picks');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').getByText('Our picks').waitFor();

      await page.getByLabel('Time 1').fill(slot);
      await page.getByRole('button', { name: 'Request a tour' }).click();
      await page
        .getByRole('status')
        .getByText(/Sent\./)
        .waitFor();

      // Shared with the realtor (view): with that consent the realtor sees the buyer's saves.
      await page.goto('/collections');
      await page.getByText('Our picks').click();
      await page.getByText('Fresh Bungalow').waitFor();
      await page.getByLabel('Email or handle').fill(realtor.email);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await page.getByText('Rita Realtor').waitFor();
      const overflow = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth + 1');
      expect(overflow).toBe(false);
    });

    const realtorContext = await signedInContext(suite.browser, suite.t.baseUrl, realtor);
    const office = await realtorContext.newPage();
    office.setDefaultTimeout(15_000);
    await withDiagnostics(office, async () => {
      await office.goto('/tours');
      await office.getByRole('button', { name: 'Accept cookies' }).click();
      await office.getByRole('button', { name: /^Confirm / }).click();
      await office.getByRole('link', { name: 'Add to calendar (.ics)' }).waitFor();
      await office.goto('/collections');
      await office.getByText('Our picks').click();
      await office.getByText('Fresh Bungalow').waitFor();
    });

    await withDiagnostics(page, async () => {
      await page.goto('/tours');
      await page.getByText('confirmed').waitFor();
    });
    const [tour] = await suite.t.db.query(
      `SELECT t.status FROM tour_requests t JOIN properties p ON p.id = t.property_id WHERE t.buyer_id = $1 AND p.slug = $2`,
      [buyer.id, slug],
    );
    expect(tour.status).toBe('confirmed');
    await context.close();
    await realtorContext.close();
  });
});
