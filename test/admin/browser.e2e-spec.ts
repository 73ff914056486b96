import type { Page } from 'playwright-core';
import type { User } from '../../src/modules/users/user.entity';
import { checkStep } from '../browser/screenshots';
import { JobsService } from '../../src/modules/jobs';
import { bootTestApp } from '../support/app';
import { registerProbeJob } from '../support/probe-job';
import { browserSuite, withDiagnostics } from '../support/browser';

/**
 * Support work in Chromium against the real app: an admin finds a user, suspends them (confirming the password on
 * the way), the user's open session is refused on its next request, the admin restores them, impersonates them
 * and ends impersonation with the banner's button; then re-sends verification to two users at once. Needs the client built (`npx vite build`).
 */
describe('admin suspends, restores and impersonates a user in the browser', () => {
  const b = browserSuite(bootTestApp);

  const pageFor = (user: User, width: number): Promise<Page> => b.pageFor(user, { width, height: 900 });

  it('finds, suspends, restores, impersonates and stops', async () => {
    const { t } = b;
    const member = await t.createUser({ name: 'Morgan Member', handle: 'morgan_m' });
    const adminUser = await t.createUser({ name: 'Ada Admin', role: 'admin' });
    for (const name of ['Pat Bulk', 'Sam Bulk'])
      await t.createUser({ name, handle: `bulk_pal_${name[0].toLowerCase()}`, emailVerifiedAt: null });
    const user = await pageFor(member, 360);
    const admin = await pageFor(adminUser, 1280);
    await withDiagnostics(admin, async () => {
      await user.goto('/settings/profile');
      await user.getByRole('heading', { name: 'Settings' }).waitFor();

      await admin.goto('/admin/users');
      await admin.getByLabel('Search users').fill('morgan_m');
      await admin.getByRole('button', { name: 'Search' }).click();
      await admin.getByTestId('admin-user-row').filter({ hasText: 'Morgan Member' }).click();
      await admin.getByRole('heading', { name: 'Morgan Member' }).waitFor();
      await checkStep(admin, 'admin-user-show');

      // The first destructive action asks for the password, then comes back here.
      await admin.getByLabel('Reason for suspension').fill('Spam reports');
      await admin.getByRole('button', { name: 'Suspend' }).click();
      await admin.getByRole('textbox', { name: 'Password' }).fill('correct-horse-battery');
      await admin.getByRole('button', { name: 'Confirm' }).click();
      await admin.getByRole('heading', { name: 'Morgan Member' }).waitFor();
      await admin.getByLabel('Reason for suspension').fill('Spam reports');
      await admin.getByRole('button', { name: 'Suspend' }).click();
      await admin.getByText('Suspended: Spam reports').waitFor();

      // The user's open tab: the next request finds the session gone and sign-in is refused with a message.
      await user.goto('/settings/profile');
      await user.waitForURL(/\/login/);
      await user.getByLabel('Email').fill(member.email);
      await user.getByRole('textbox', { name: 'Password' }).fill('correct-horse-battery');
      await user.getByRole('button', { name: 'Log in' }).click();
      await user.getByText('This account is suspended').waitFor();

      await admin.getByRole('button', { name: 'Restore' }).click();
      await admin.getByRole('button', { name: 'Impersonate' }).click();
      await admin.getByTestId('impersonation-banner').getByText('Morgan Member').waitFor();
      await checkStep(admin, 'admin-impersonating');
      await admin.getByRole('button', { name: 'Stop impersonating' }).click();
      await admin.waitForURL(new RegExp(`/admin/users/${member.id}`));
      await admin.getByRole('heading', { name: 'Morgan Member' }).waitFor();
      expect(await admin.getByTestId('impersonation-banner').count()).toBe(0);

      // Many users at once: tick the page, pick the action; the job's progress shows on the page.
      await admin.goto('/admin/users');
      await admin.getByLabel('Search users').fill('bulk_pal');
      await admin.getByRole('button', { name: 'Search' }).click();
      await admin.getByTestId('admin-user-row').filter({ hasText: 'Pat Bulk' }).waitFor();
      // Impersonating ended the admin's password confirmation: asked again, then back to this search.
      const applyToPage = async () => {
        await admin.getByLabel('Select all on this page').check();
        await admin.getByLabel('Bulk action').selectOption('resend_verification');
        await admin.getByRole('button', { name: 'Apply to 2 selected' }).click();
      };
      await applyToPage();
      await admin.getByRole('textbox', { name: 'Password' }).fill('correct-horse-battery');
      await admin.getByRole('button', { name: 'Confirm' }).click();
      await admin.getByTestId('admin-user-row').filter({ hasText: 'Pat Bulk' }).waitFor();
      await applyToPage();
      await admin.getByTestId('user-bulk-row').filter({ hasText: '2 done' }).waitFor();
      await checkStep(admin, 'admin-users-bulk');
    });
    const actions = await t.db.query(`SELECT action FROM admin_audit WHERE subject_id = $1 ORDER BY id`, [member.id]);
    expect(actions.map((r: { action: string }) => r.action)).toEqual([
      'user.suspended',
      'user.restored',
      'user.impersonation_started',
      'user.impersonation_ended',
    ]);
  });

  it('shows a long job’s progress moving on the queue monitor by push, the list’s reload blocked meanwhile', async () => {
    const { t } = b;
    const probe = registerProbeJob(t);
    const admin = await pageFor(await t.createUser({ name: 'Queue Admin', role: 'admin' }), 360);
    await withDiagnostics(admin, async () => {
      await admin.goto('/admin/queue-monitor?queue=media&state=active');
      await admin.getByRole('heading', { name: 'media · active' }).waitFor();
      await t.app.get(JobsService).dispatch('media', 'monitor-probe', {}, { attempts: 1 });
      await admin.locator('[role=progressbar][aria-valuenow="25"]').waitFor();
      await checkStep(admin, 'admin-queue-monitor');

      // From here the page cannot load anything: the 75 % can only come by the push.
      await admin.route('**/api/admin/queues**', (route) => route.abort());
      probe.next();
      await admin.locator('[role=progressbar][aria-valuenow="75"]').waitFor();
      await admin.unroute('**/api/admin/queues**');

      probe.next();
      await admin.getByText('No jobs here').waitFor();
      await admin.getByTestId('count-media-completed').getByText('1').waitFor();
    });
  });
});
