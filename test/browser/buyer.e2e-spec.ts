import { bootTestApp } from '../support/app';
import { browserSuite, signedInContext, withDiagnostics } from '../support/browser';

jest.setTimeout(120_000);

/** Two digits. */
const dd = (n: number) => String(n).padStart(2, '0');

/** A buyer searches, saves the search, saves a listing to a new collection and asks for a tour; the realtor confirms. */
describe('browser: buyer journey', () => {
  const suite = browserSuite(() => bootTestApp());

  it('search → save search → collection → tour request → realtor confirms', async () => {
    const buyer = await suite.t.createUser({ name: 'Bea Buyer' });
    const realtor = await suite.t.createUser({ name: 'Rita Realtor', type: 'realtor' });
    const slug = `journey-loft-${Date.now()}`;
    await suite.t.db.query(
      `INSERT INTO properties (user_id, slug, name, city, publish, published_at, latitude, longitude, price)
       VALUES ($1, $2, 'Journey Loft', 'Austin', true, now(), 30.25, -97.75, 450000)`,
      [realtor.id, slug],
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
      page.once('dialog', (d) => void d.accept('Austin lofts'));
      await page.getByTestId('save-search').click();
      await page.getByTestId('saved-searches').getByText('Austin lofts').waitFor();

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
      const overflow = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth + 1');
      expect(overflow).toBe(false);
    });

    const realtorContext = await signedInContext(suite.browser, suite.t.baseUrl, realtor);
    const desk = await realtorContext.newPage();
    desk.setDefaultTimeout(15_000);
    await withDiagnostics(desk, async () => {
      await desk.goto('/tours');
      await desk.getByRole('button', { name: 'Accept cookies' }).click();
      await desk.getByRole('button', { name: /^Confirm / }).click();
      await desk.getByRole('link', { name: 'Add to calendar (.ics)' }).waitFor();
    });

    await withDiagnostics(page, async () => {
      await page.goto('/tours');
      await page.getByText('confirmed').waitFor();
      await page.goto('/collections');
      await page.getByText('Our picks').click();
      await page.getByText('Journey Loft').waitFor();
    });
    const [search] = await suite.t.db.query(`SELECT name FROM saved_searches WHERE user_id = $1`, [buyer.id]);
    expect(search.name).toBe('Austin lofts');
    const [tour] = await suite.t.db.query(`SELECT status, scheduled_at FROM tour_requests WHERE buyer_id = $1`, [
      buyer.id,
    ]);
    expect(tour.status).toBe('confirmed');
    await context.close();
    await realtorContext.close();
  });
});
