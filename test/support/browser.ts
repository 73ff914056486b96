import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { TestApp } from './app';

/** Debian's chromium, driven by playwright-core; no browser is ever downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MANIFEST = join(__dirname, '..', '..', 'dist', 'public', '.vite', 'manifest.json');

/** Flags that keep chromium quiet on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/** Fails loudly (never skips) when the browser or the client build is missing. */
export function assertBrowserReady(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
  if (!existsSync(MANIFEST)) throw new Error(`The client build is missing (${MANIFEST}). Run: npx vite build`);
}

export async function launchBrowser(): Promise<Browser> {
  assertBrowserReady();
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** A fresh persistent profile (so localStorage and service workers behave as for a person). */
export async function launchProfile(
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  assertBrowserReady();
  const profileDir = mkdtempSync(join(tmpdir(), 'reelty-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Collects page errors and console errors so a failing step can say what the page said. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  return problems;
}

/** Runs a browser scenario; on failure the error carries the URL, a screenshot path and what the page logged. */
export async function withDiagnostics(page: Page, scenario: () => Promise<void>): Promise<void> {
  const problems = watchProblems(page);
  try {
    await scenario();
  } catch (error) {
    const shot = join(tmpdir(), `reelty-browser-failure-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    throw new Error(`${(error as Error).message}\nAt ${page.url()} (screenshot: ${shot})\n${problems.join('\n')}`);
  }
}

/** Logs in through the login form as a person does (password as bootTestApp's createUser sets it), on to the dashboard. */
export async function logIn(page: Page, email: string, password = 'correct-horse-battery'): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL(/\/dashboard/);
}

/**
 * A new browser context already signed in as `user` (password as bootTestApp's createUser sets it):
 * logs in over HTTP as the login form does and hands the session cookies to the context.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  user: { email: string },
  options: { viewport?: { width: number; height: number }; password?: string } = {},
): Promise<BrowserContext> {
  const jar = new Map<string, string>();
  const keep = (res: Response) =>
    res.headers.getSetCookie().forEach((cookie) => {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name, value.join('='));
    });
  const first = await fetch(`${baseURL}/login`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
  // Read the whole page: express-session holds back the end of the response until the new session is stored.
  await first.text();
  keep(first);
  const login = await fetch(`${baseURL}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ email: user.email, password: options.password ?? 'correct-horse-battery' }),
  });
  if (login.status >= 400)
    throw new Error(`Browser login for ${user.email} failed: ${login.status} ${await login.text()}`);
  keep(login);
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, baseURL });
  await context.addCookies([...jar].map(([name, value]) => ({ name, value, url: baseURL })));
  return context;
}

/**
 * One app and one Chromium for a describe block: `boot` runs before all its tests, and the browser, every context
 * `pageFor` or `newContext` opened and the app close after them. `pageFor(user)` is a page signed in as `user`
 * (`null`: a guest); `newContext(options)` a bare context on the app's URL, for a test that signs it in its own way.
 *
 *   const b = browserSuite(bootTestApp);
 *   it('...', async () => { const page = await b.pageFor(await b.t.createUser(), { width: 360, height: 900 }); });
 */
export function browserSuite(boot: () => Promise<TestApp>): {
  readonly t: TestApp;
  readonly browser: Browser;
  pageFor(user: { email: string } | null, viewport?: { width: number; height: number }): Promise<Page>;
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
} {
  let t: TestApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    t = await boot();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
    await t?.close();
  });
  const started = () => {
    if (!t || !browser) throw new Error('browserSuite: the app and browser start in beforeAll');
    return { t, browser };
  };
  return {
    get t() {
      return started().t;
    },
    get browser() {
      return started().browser;
    },
    async newContext(options = {}) {
      const { t: app, browser: chromium } = started();
      const context = await chromium.newContext({ baseURL: app.baseUrl, ...options });
      contexts.push(context);
      return context;
    },
    async pageFor(user, viewport = { width: 1280, height: 900 }) {
      const { t: app, browser: chromium } = started();
      const context = user
        ? await signedInContext(chromium, app.baseUrl, user, { viewport })
        : await chromium.newContext({ viewport, baseURL: app.baseUrl });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
}
