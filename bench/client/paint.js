#!/usr/bin/env node
/**
 * First contentful paint and time until a page answers a click, in Debian's chromium (playwright-core
 * through test/support/browser.ts), with 4x CPU throttling (CDP Emulation.setCPUThrottlingRate) on
 * loopback, for Welcome, Feed, Market/Search (guest) and Chats/Index, Designer/Index (the demo
 * realtor signed in), each cold (empty cache, fresh profile) and warm (the same profile, second visit).
 *
 *   npm run build && node bench/client/paint.js [--runs 3]
 *
 * Starts the built app itself (production mode, demo data). "Answers a click": the time, from the
 * start of navigation, at which a click sent as soon as the Inertia page has rendered reaches a
 * listener on the document: the main thread is free of the boot work. Medians of --runs visits.
 */
require('../support/ts-register');
const { startBuiltApp, waitUntilIdle } = require('../support/built-app');
const { parseArgs, percentile } = require('../support/common');
const { launchProfile } = require('../../test/support/browser.ts');

const RUNS = parseArgs({ runs: 3 }).runs || 3;
const THROTTLE = 4;
const PAGES = [
  { name: 'Welcome', path: '/', signedIn: false },
  { name: 'Feed/Index', path: '/feed', signedIn: false },
  { name: 'Market/Search', path: '/market', signedIn: false },
  { name: 'Chats/Index', path: '/chats', signedIn: true },
  { name: 'Designer/Index', path: '/designer', signedIn: true },
];
const DEMO = { email: 'realtor@reelty.test', password: 'realtor-demo-1' };
const median = (values) => percentile(values, 50);

async function signIn(page) {
  await page.goto('/login');
  await page.locator('input[type="email"]').fill(DEMO.email);
  await page.locator('input[type="password"]').fill(DEMO.password);
  await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), page.keyboard.press('Enter')]);
}

/** One visit: FCP and click-answer time, both from the navigation's start (ms). */
async function visit(page, path) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.goto(path, { waitUntil: 'commit' });
  // The Inertia page has rendered into #app (the component of the visited page, not only the shell).
  await page.waitForFunction(() => (document.querySelector('#app')?.children.length ?? 0) > 0, undefined, {
    polling: 20,
    timeout: 60_000,
  });
  await page.mouse.click(2, 2);
  await page.waitForFunction(() => window.__clickAnsweredAt !== undefined, undefined, { polling: 20 });
  const figures = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    click: window.__clickAnsweredAt,
    js: performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.js'))
      .reduce((sum, r) => sum + (r.transferSize || 0), 0),
  }));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return figures;
}

async function measurePage(base, target) {
  const cold = [];
  const warm = [];
  for (let run = 0; run < RUNS; run += 1) {
    const profile = await launchProfile(base);
    try {
      await profile.context.addInitScript(() => {
        document.addEventListener('click', () => (window.__clickAnsweredAt ??= performance.now()), true);
      });
      profile.page.setDefaultTimeout(60_000);
      if (target.signedIn) await signIn(profile.page);
      // Cold: nothing of the app cached yet (sign-in pages share the framework chunk; clear it).
      if (target.signedIn) {
        const cdp = await profile.context.newCDPSession(profile.page);
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
      }
      cold.push(await visit(profile.page, target.path));
      await profile.page.goto('about:blank');
      warm.push(await visit(profile.page, target.path));
    } finally {
      await profile.close();
    }
  }
  const pick = (list, key) => Math.round(median(list.map((f) => f[key] ?? NaN)));
  return {
    page: target.name,
    coldFcpMs: pick(cold, 'fcp'),
    coldClickMs: pick(cold, 'click'),
    coldJsKb: Math.round(pick(cold, 'js') / 1024),
    warmFcpMs: pick(warm, 'fcp'),
    warmClickMs: pick(warm, 'click'),
    warmJsKb: Math.round(pick(warm, 'js') / 1024),
  };
}

(async () => {
  const app = await startBuiltApp();
  try {
    await waitUntilIdle(app.child.pid, 5, 240_000); // the demo seed's transcodes finish first
    const rows = [];
    for (const target of PAGES) rows.push(await measurePage(app.base, target));
    console.log(`CPU throttling ${THROTTLE}x, loopback, median of ${RUNS}; JS = bytes transferred`);
    console.table(rows);
    console.log(JSON.stringify(rows));
  } finally {
    await app.stop();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
