import type { Page } from 'playwright-core';
import { Clock, DAY_MS } from '../../src/common/clock';
import { HOLD_TIMER } from '../../src/modules/affiliates/commissions.service';
import { TimersService } from '../../src/modules/jobs';
import type { User } from '../../src/modules/users/user.entity';
import { bootTestApp } from '../support/app';
import { browserSuite, withDiagnostics } from '../support/browser';
import { checkStep } from '../browser/screenshots';
import { commissionsOf, orderEvent, pay, settle } from './support';

/**
 * An affiliate's first payout in Chromium against the real app: apply, an admin approves, a tracked link, a sale,
 * the refund window passes (time injected), the admin previews and confirms a batch and watches it pay live,
 * and the affiliate sees the payout. Needs the client built (`npx vite build`).
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
      await pay(t, orderEvent(t, { total_minor: 45_000, referral_code: affiliate.code }));

      await page.goto('/affiliate/dashboard');
      await page.getByText(/refund window: becomes payable on/).waitFor();
      await checkStep(page, 'affiliate-01-dashboard');
      t.app.get(Clock).advance(31 * DAY_MS);
      for (const c of await commissionsOf(t, affiliate.id))
        await t.app.get(TimersService).fire(HOLD_TIMER, { commission_id: c.id });

      await admin.goto('/admin/payouts');
      await admin.getByRole('button', { name: 'Preview a new batch' }).click();
      await admin.getByText('Preview: 1 payouts').waitFor();
      await checkStep(admin, 'affiliate-02-admin-payout-preview');
      await admin.getByRole('button', { name: 'Confirm and pay' }).click();
      await admin.getByText('Batch finished: Paid (1 of 1)').waitFor();
      await settle(t);

      await page.goto('/affiliate/payouts');
      await page.getByText('$90.00 · manual').waitFor();
      expect(await page.getByText('sent', { exact: true }).count()).toBeGreaterThan(0);
      await checkStep(page, 'affiliate-03-payouts');
    });
    t.app.get(Clock).reset();
  });
});
