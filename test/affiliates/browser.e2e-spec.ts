import type { Page } from 'playwright-core';
import type { User } from '../../src/modules/users/user.entity';
import { bootTestApp } from '../support/app';
import { browserSuite, withDiagnostics } from '../support/browser';
import { checkStep } from '../browser/screenshots';
import { addToCart, checkout, payLocally, seedProduct } from '../commerce/support';
import { settle } from './support';

/**
 * An affiliate's first payout in Chromium against the real app: apply, an admin approves, a tracked link, a sale
 * in the shop with the affiliate's code, the admin releases the hold early from the affiliate's page, previews and
 * confirms a batch and watches it pay live, and the affiliate sees the payout. Needs the client built (`npx vite build`).
 */
describe('affiliate signup to first payout in the browser', () => {
  const b = browserSuite(bootTestApp);

  const pageFor = (user: User, width = 1280): Promise<Page> => b.pageFor(user, { width, height: 900 });

  it('applies, is approved, earns, and is paid', async () => {
    const { t } = b;
    const affiliateUser = await t.createUser({ name: 'Ava Affiliate' });
    const adminUser = await t.createUser({ name: 'Ada Admin', role: 'admin' });
    const page = await pageFor(affiliateUser, 360);
    const admin = await pageFor(adminUser);
    await withDiagnostics(page, async () => {
      await page.goto('/affiliate/signup');
      await page.getByLabel('Your audience').fill('Young families relocating to Austin, 12k followers.');
      await page.getByLabel('I have read and accept the guidelines').check();
      await page.getByRole('button', { name: 'Send application' }).click();
      await page.getByText('We are reviewing your application').waitFor();

      await admin.goto('/admin/affiliates?status=pending');
      await admin.getByRole('button', { name: 'Approve' }).click();
      await admin.getByText('No affiliates match').waitFor(); // the pending queue is empty once approved

      await page.goto('/affiliate/links');
      await page.getByRole('button', { name: 'Create' }).click();
      await page
        .getByText(/\/r\/[\w-]+/)
        .first()
        .waitFor();
      const [affiliate] = await t.db.query(`SELECT id, code FROM affiliates WHERE user_id = $1`, [affiliateUser.id]);
      // A real purchase with the affiliate's code, paid on the local provider.
      const product = await seedProduct(t.db, { kind: 'credit_pack', priceMinor: 45_000, creditAmount: 500 });
      const { client: buyer } = await t.signedIn();
      await addToCart(buyer, product.variantId);
      const started = await checkout(buyer, { referral_code: affiliate.code });
      await payLocally(buyer, started.body.session.session_id);
      await settle(t);

      await page.goto('/affiliate/dashboard');
      await page.getByText(/refund window: becomes payable on/).waitFor();
      await checkStep(page, 'affiliate-01-dashboard');
      // The admin ends the refund window early from the affiliate's page, with a reason.
      await admin.goto(`/admin/affiliates/${affiliate.id}`);
      await admin.getByRole('button', { name: 'Release now' }).click();
      await admin.getByPlaceholder('Reason (kept in the audit trail)').fill('Known partner, invoice settled');
      await admin.getByRole('button', { name: 'Release $90.00' }).click();
      await admin.getByText('Released: payable in the next payout').waitFor();
      await admin.getByText(/commission released early: Known partner/).waitFor();
      await checkStep(admin, 'affiliate-02-admin-release-hold');

      await admin.goto('/admin/payouts');
      await admin.getByRole('button', { name: 'Preview a new batch' }).click();
      await admin.getByText('Preview: 1 payouts').waitFor();
      await checkStep(admin, 'affiliate-03-admin-payout-preview');
      await admin.getByRole('button', { name: 'Confirm and pay' }).click();
      // A bank transfer is in the bank file, not yet paid; the admin confirms once the bank has paid it.
      await admin.getByText('Batch finished: Awaiting the bank: 1 to confirm (0 of 1 paid)').waitFor();
      await admin.getByRole('button', { name: 'The bank paid them' }).click();
      await admin.getByText('Bank confirmed: Paid (1 of 1)').waitFor();
      await settle(t);

      await page.goto('/affiliate/payouts');
      await page.getByText('$90.00 · manual').waitFor();
      expect(await page.getByText('sent', { exact: true }).count()).toBeGreaterThan(0);
      await checkStep(page, 'affiliate-04-payouts');
    });
  });
});
