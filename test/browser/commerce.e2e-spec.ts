import { StorageService } from '../../src/modules/storage/storage.service';
import { bootTestApp } from '../support/app';
import { browserSuite, withDiagnostics } from '../support/browser';
import { seedProduct } from '../commerce/support';
import { placeProperty } from '../market/helpers';
import { checkStep } from './screenshots';

jest.setTimeout(120_000);

/** Buy a guide on the test provider, see the order, download it, ask for a return; the admin refunds; the download is revoked. */
describe('browser: commerce journey', () => {
  const b = browserSuite(bootTestApp);

  it('buys, downloads, returns and is refunded', async () => {
    const { t } = b;
    const buyer = await t.createUser({ name: 'Bea Buyer' });
    const adminUser = await t.createUser({ name: 'Ada Admin', role: 'admin' });
    const file = await t.app
      .get(StorageService)
      .put('commerce-assets/browser/guide.pdf', Buffer.from('%PDF-1.4 browser guide'), 'application/pdf');
    const guide = await seedProduct(t.db, {
      kind: 'digital',
      assetKey: file.key,
      title: 'Open house guide',
      priceMinor: 1200,
    });
    const page = await b.pageFor(buyer, { width: 360, height: 780 });
    let downloadUrl = '';

    await withDiagnostics(page, async () => {
      await page.goto(`/products/${guide.slug}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'Go to cart' }).click();
      await page.getByTestId('cart-item').getByText('Open house guide').waitFor();
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL(/\/pay\/local\/cs_local_/);
      await page.getByTestId('pay-amount').getByText('$12.00').waitFor();
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL(/\/checkout\/success/);
      await page.getByText(/Order R-\d+ is paid/).waitFor();
      const overflow = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth + 1');
      expect(overflow).toBe(false);

      await page.getByRole('link', { name: 'See your orders' }).click();
      await page.getByTestId('order-card').getByTestId('payment-status').getByText('Paid').waitFor();

      await page.goto('/vault');
      page.on('request', (r) => r.url().includes('/vault/download/') && (downloadUrl = r.url()));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/open-house-guide.*\.pdf$/);

      await page.goto('/orders/returns');
      await page.getByLabel('Why are you returning it?').fill('Not what I expected');
      await page.getByRole('button', { name: 'Request the return' }).click();
      await page.getByTestId('return-row').getByText('Requested').waitFor();
    });

    const admin = await b.pageFor(adminUser);
    await withDiagnostics(admin, async () => {
      await admin.goto('/admin/orders');
      await admin.getByTestId('admin-order-row').first().click();
      await admin.getByRole('button', { name: 'Refund' }).click();
      await admin.getByTestId('admin-order-row').first().getByTestId('payment-status').getByText('Refunded').waitFor();
      await admin
        .getByTestId('audit-trail')
        .getByText(/Refunded/)
        .waitFor();
    });

    await withDiagnostics(page, async () => {
      await page.goto('/vault');
      await page.getByText('Refunded: download revoked').waitFor();
      expect(await page.getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);
      expect(downloadUrl).toContain('signature=');
      expect((await page.request.get(downloadUrl)).status()).toBe(403);
    });
  });

  it('boosts a listing: the product page asks which, and market search shows it first as Sponsored', async () => {
    const { t } = b;
    const realtor = await t.createUser({ name: 'Rae Realtor' });
    const at = { lat: 30.2672, lng: -97.7431 };
    await placeProperty(t, realtor.id, 'Cedar cottage near the centre', at.lat + 0.001, at.lng);
    await placeProperty(t, realtor.id, 'Lakeside house further out', at.lat + 0.04, at.lng);
    const boost = await seedProduct(t.db, {
      kind: 'listing_boost',
      boostDays: 7,
      priceMinor: 2900,
      title: 'Listing boost',
      category: 'listing-boosts',
    });
    const page = await b.pageFor(realtor, { width: 360, height: 780 });
    await withDiagnostics(page, async () => {
      await page.goto(`/products/${boost.slug}`);
      await page.getByLabel('Listing to boost').selectOption({ label: 'Lakeside house further out' });
      await checkStep(page, 'commerce-boost-01-choose-listing');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'Go to cart' }).click();
      await page.getByTestId('boost-listing').getByText('for Lakeside house further out').waitFor();
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL(/\/pay\/local\/cs_local_/);
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL(/\/checkout\/success/);

      await page.goto(`/market?lat=${at.lat}&lng=${at.lng}&radius=5`);
      const first = page.getByTestId('market-results').locator('li').first();
      await first.getByText('Lakeside house further out').waitFor();
      await first.getByTestId('sponsored').waitFor();
      expect(await page.getByTestId('sponsored').count()).toBe(1);
      await checkStep(page, 'commerce-boost-02-sponsored-first');

      await page.goto('/orders/digital');
      await page
        .getByTestId('boost-row')
        .getByText(/Sponsored in market search until/)
        .waitFor();
      await checkStep(page, 'commerce-boost-03-digital-purchases');
    });
  });

  it('an admin makes a discount code; a buyer applies it in the cart and pays the discounted total', async () => {
    const { t } = b;
    const adminUser = await t.createUser({ name: 'Ada Admin', role: 'admin' });
    const buyer = await t.createUser({ name: 'Dee Discount' });
    const guide = await seedProduct(t.db, { kind: 'digital', title: 'Staging guide', priceMinor: 2500 });

    const admin = await b.pageFor(adminUser);
    await withDiagnostics(admin, async () => {
      await admin.goto('/admin/discounts');
      await admin.getByLabel('Code', { exact: true }).fill('spring20');
      await admin.getByLabel('Description (buyers see it)').fill('Spring sale');
      await admin.getByLabel('Percent off').fill('20');
      await admin.getByLabel('Uses in all (empty: no limit)').fill('100');
      await checkStep(admin, 'discounts-01-admin-form');
      await admin.getByRole('button', { name: 'Create code' }).click();
      await admin.getByTestId('state-SPRING20').getByText('Active').waitFor();
      expect(await admin.getByTestId('uses-SPRING20').textContent()).toContain('0 of 100');
    });

    const page = await b.pageFor(buyer, { width: 360, height: 780 });
    await withDiagnostics(page, async () => {
      await page.goto(`/products/${guide.slug}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'Go to cart' }).click();
      await page.getByLabel('Discount code').fill('NOT-A-CODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByTestId('discount-code').getByText('There is no such discount code.').waitFor();
      await page.getByLabel('Discount code').fill('spring20');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByTestId('discount-line').getByText('−$5.00').waitFor();
      expect(await page.getByTestId('cart-total').textContent()).toBe('$20.00');
      await checkStep(page, 'discounts-02-cart-with-code');
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByTestId('checkout-total').getByText('$20.00').waitFor();
      await page.getByRole('button', { name: 'Pay $20.00' }).click();
      await page.waitForURL(/\/pay\/local\/cs_local_/);
      await page.getByTestId('pay-amount').getByText('$20.00').waitFor();
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL(/\/checkout\/success/);
      await page.getByTestId('discount-line').getByText('SPRING20').waitFor();
      await checkStep(page, 'discounts-03-receipt');
    });

    await withDiagnostics(admin, async () => {
      await admin.reload();
      await admin
        .getByTestId('uses-SPRING20')
        .getByText(/^1 of 100/)
        .waitFor();
      await checkStep(admin, 'discounts-04-admin-used');
    });
  });
});
