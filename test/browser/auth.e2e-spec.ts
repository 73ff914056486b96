import type { Page } from 'playwright-core';
import { bootTestApp, TestApp } from '../support/app';
import { launchProfile, withDiagnostics } from '../support/browser';

/**
 * The real thing in a real browser: Debian's chromium driven by playwright-core against the
 * built client (dist/public). Nothing is skipped: a missing browser or build fails loudly.
 */
jest.setTimeout(120_000);

describe('browser: register, verify, log in, dark mode, log out', () => {
  let t: TestApp;
  let browser: Awaited<ReturnType<typeof launchProfile>>;
  let page: Page;

  beforeAll(async () => {
    t = await bootTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
    browser = await launchProfile(t.baseUrl);
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  // Evaluated in the page (strings: this file is type-checked without the DOM library).
  const isDark = () => page.evaluate<boolean>("document.documentElement.classList.contains('dark')");
  const themeButton = () => page.getByRole('button', { name: /Switch to (dark|light) mode/ });

  it('walks through the account lifecycle', async () => {
    await withDiagnostics(page, lifecycle);
  });

  async function lifecycle(): Promise<void> {
    const email = `browser-${t.databaseName.slice(-6)}@example.test`;
    const password = 'browser-pass-123';

    // Register.
    await page.goto('/register');
    await expectTitle(page, 'Create an account - Reelty');
    await page.getByLabel('Name').fill('Browser Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('I am a').selectOption('realtor');
    await page.getByLabel(/^Password\*?$/).fill(password);
    await page.getByLabel(/^Confirm password\*?$/).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/email/verify');
    await page.getByText('Check your inbox').waitFor();

    // Open the dev mailbox and follow the link inside the sandboxed mail.
    await page.goto('/dev/mailbox');
    await page
      .getByRole('link', { name: /Verify your email address/ })
      .first()
      .click();
    await page.waitForURL(/\/dev\/mailbox\/[0-9a-f-]+$/);
    await page.frameLocator('iframe[title="Mail body"]').getByRole('link', { name: 'Verify email address' }).click();
    await page.waitForURL('**/dashboard?verified=1');
    await page.getByRole('heading', { name: /Hi Browser/ }).waitFor();
    expect(await page.getByText('Please verify your email address').count()).toBe(0);

    // Log out through the account menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Log in again.
    await page.goto('/login');
    await expectTitle(page, 'Log in - Reelty');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password\*?$/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');

    // Dark mode: choose light, reload, kept; choose dark, reload, kept.
    if (await isDark()) await themeButton().click();
    expect(await isDark()).toBe(false);
    await page.reload();
    await themeButton().waitFor();
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect(await isDark()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await isDark()).toBe(true);

    // Log out.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  }
});

async function expectTitle(page: Page, title: string): Promise<void> {
  // A function, not a string: the CSP (no unsafe-eval) refuses string evaluation in the page.
  await page.waitForFunction((expected) => document.title === expected, title);
}
