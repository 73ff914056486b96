import type { Page } from 'playwright-core';
import { bootTestApp } from '../support/app';
import { SweepstakesEntriesService } from '../../src/modules/sweepstakes/sweepstakes-entries.service';
import { checkStep } from '../browser/screenshots';
import { browserSuite, signedInContext, withDiagnostics } from '../support/browser';

/**
 * One short journey in a real browser: the admin creates and opens a sweepstakes, four people enter on phones
 * (360 px), two more earn only bonus entries (a referral, a purchase), the admin watches the live count, closes,
 * sees the two bonus-only people excluded before the draw, draws live (only the four can be picked), and the winner
 * claims the prize.
 */
jest.setTimeout(180_000);

describe('browser: sweepstakes from creation to claim', () => {
  const b = browserSuite(bootTestApp);

  it('admin creates, opens, users enter, admin closes and draws live, winner claims', async () => {
    const { t } = b;
    const admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
    const people = [];
    for (const name of ['Pat Entrant', 'Sam Entrant', 'Lee Entrant', 'Kim Entrant']) {
      people.push(await t.createUser({ name }));
    }
    const referrer = await t.createUser({ name: 'Rae Referrer' });
    const buyer = await t.createUser({ name: 'Bo Buyer' });
    const adminPage = await (await signedInContext(b.browser, t.baseUrl, admin)).newPage();
    adminPage.on('dialog', (dialog) => void dialog.accept());
    const phones = await Promise.all(
      people.map(async (p) =>
        (await signedInContext(b.browser, t.baseUrl, p, { viewport: { width: 360, height: 760 } })).newPage(),
      ),
    );

    await withDiagnostics(adminPage, async () => {
      await adminPage.goto('/admin/sweepstakes/create');
      await adminPage.getByLabel('Title').fill('Browser giveaway');
      await adminPage.getByLabel('Prize 1').fill('Espresso machine');
      await adminPage.getByLabel('Retail value').fill('249.00');
      await adminPage.getByRole('button', { name: 'Create draft' }).click();
      await adminPage.waitForURL(/\/admin\/sweepstakes\/[0-9a-f-]{36}$/);
      await adminPage.getByRole('button', { name: 'Open now' }).click();
      await adminPage.getByText('Open', { exact: true }).first().waitFor();
    });
    const id = adminPage.url().split('/').pop()!;

    for (const [i, phone] of phones.entries()) {
      await withDiagnostics(phone, async () => {
        await phone.goto(`/sweepstakes/${id}`);
        // Only the first phone looks at the rules' bonus terms; the rest just enter.
        if (i === 0) await phone.getByText(/Bonus entries count only for people who hold a free entry/).waitFor();
        await phone.getByRole('heading', { name: 'Browser giveaway' }).waitFor();
        await phone.getByLabel('Date of birth').fill('1990-02-03');
        await phone.getByLabel('I accept the official rules').check();
        await phone.getByRole('button', { name: 'Enter free' }).click();
        await phone.getByTestId('my-entries').getByText('1').waitFor();
      });
    }

    // A referral and a purchase by people who never entered: their bonus entries wait, and count for nothing.
    const entries = t.app.get(SweepstakesEntriesService);
    await entries.awardBonusEntry({ userId: referrer.id, source: 'referral', sourceRef: `journey-${referrer.id}` });
    await entries.awardBonusEntry({ userId: buyer.id, source: 'purchase', sourceRef: `journey-order-${buyer.id}` });

    await withDiagnostics(adminPage, async () => {
      // The live count reached the admin page over the private channel, without a reload.
      await adminPage.getByTestId('live-entry-count').getByText('4').waitFor();
      await adminPage.getByRole('button', { name: 'Close now' }).click();
      await adminPage.getByRole('link', { name: 'Draw', exact: true }).click();
      await adminPage.waitForURL(`**/admin/sweepstakes/${id}/draw`);
      // Before the draw: the two bonus-only people are listed as excluded, with the reason.
      const excluded = adminPage.getByTestId('exclusions');
      await excluded.getByText('Rae Referrer').waitFor();
      await excluded.getByText('Bo Buyer').waitFor();
      expect(await excluded.getByText('Bonus entries only, no free entry', { exact: false }).count()).toBe(2);
      await checkStep(adminPage, 'sweepstakes-draw-exclusions');
      await adminPage.getByLabel('Public beacon (optional)').fill('browser-beacon');
    });

    // A second admin tab on the Draw page whose channel authorization waits until the draw is over: it hears none of
    // the draw's live steps, and still shows the result once subscribed, without a reload.
    const lateTab = await (await signedInContext(b.browser, t.baseUrl, admin)).newPage();
    let release!: () => void;
    const drawn = new Promise<void>((resolve) => (release = resolve));
    await lateTab.route('**/broadcasting/auth', async (route) => {
      await drawn;
      await route.continue();
    });
    await lateTab.goto(`/admin/sweepstakes/${id}/draw`);
    await lateTab.getByRole('button', { name: 'Start the draw' }).waitFor();

    await withDiagnostics(adminPage, async () => {
      await adminPage.getByRole('button', { name: 'Start the draw' }).click();
      await adminPage.locator('[data-step="picked"][data-done="true"]').waitFor();
      await adminPage.getByText(/Espresso machine \(notified\)/).waitFor();
    });
    await withDiagnostics(lateTab, async () => {
      release();
      await lateTab.locator('[data-step="picked"][data-done="true"]').waitFor();
      await lateTab.getByText(/Espresso machine \(notified\)/).waitFor();
    });

    // Every pick (the winner and all three alternates) is one of the four who entered through the form.
    const picked = await t.db.query(`SELECT user_id FROM sweepstakes_winners WHERE sweepstakes_id = $1`, [id]);
    expect(picked.map((r: { user_id: string }) => r.user_id).sort()).toEqual(people.map((p) => p.id).sort());
    const [winnerRow] = await t.db.query(
      `SELECT user_id FROM sweepstakes_winners WHERE sweepstakes_id = $1 AND status = 'notified'`,
      [id],
    );
    const winner: Page = phones[people.findIndex((p) => p.id === winnerRow.user_id)];
    await withDiagnostics(winner, async () => {
      await winner.goto(`/sweepstakes/${id}`);
      await winner.getByRole('link', { name: 'Claim your prize' }).click();
      await winner.waitForURL(`**/sweepstakes/${id}/claim`);
      await winner.getByLabel('Full name').fill('Pat Winner');
      await winner.getByLabel('Street address').fill('1 Main St');
      await winner.getByLabel('City').fill('Springfield');
      await winner.getByLabel('State / region').fill('IL');
      await winner.getByLabel('Postal code').fill('62701');
      await winner.getByLabel(/I affirm/).check();
      await winner.getByRole('button', { name: 'Claim prize' }).click();
      await winner.getByText('Claim received').waitFor();
    });
    const [claimed] = await t.db.query(
      `SELECT status FROM sweepstakes_winners WHERE user_id = $1 AND sweepstakes_id = $2`,
      [winnerRow.user_id, id],
    );
    expect(claimed.status).toBe('claimed');
  });
});
