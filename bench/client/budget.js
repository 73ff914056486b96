#!/usr/bin/env node
/**
 * JavaScript weight per page, from the Vite manifest of a production build (`npm run build`).
 *
 * A page costs what the browser must download before it can render it: the app entry, the page's
 * own chunk, the chunks of the default layouts the app resolves before rendering it (layout-plan.ts:
 * AuthLayout ships in the entry, AppLayout, SettingsLayout and AdminLayout are chunks of their own),
 * and every chunk any of these imports statically (other dynamic imports load later, on use, and are
 * not counted). Pages other than the first-visit ones are weighed as a signed-in user sees them, so
 * AppLayout's signed-in chrome chunk counts there. Sizes are gzip level 9, the figure a CDN or nginx
 * `gzip_comp_level 9` serves.
 * CSS is reported beside the JavaScript but has no budget.
 *
 * Fails (exit 1) when a page is over its budget:
 *   - Welcome, Auth/Login, Auth/Register: at most 150 KB of JavaScript in all (the first visit);
 *   - Feed/Index: at most 250 KB (hls.js and Swiper are the product there);
 *   - every other page: at most 350 KB.
 *
 *   node bench/client/budget.js [--json] [--all]
 */
const { readFileSync, existsSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');
const { gzipSync } = require('node:zlib');

const KB = 1024;
const ROOT = resolve(__dirname, '../..');
const PUBLIC_DIR = join(ROOT, 'dist/public');
const MANIFEST = join(PUBLIC_DIR, '.vite/manifest.json');
const APP_ENTRY = 'src/client/app.tsx';
const PAGE_PREFIX = 'src/pages/';

require('../support/ts-register');
const { layoutPlanFor, layoutSources, signedInChromeSource } = require('../../src/client/layouts/layout-plan.ts');

// The first visit: a guest opening the landing page or signing in.
const FIRST_VISIT = ['Welcome', 'Auth/Login', 'Auth/Register'];
const BUDGETS = {
  ...Object.fromEntries(FIRST_VISIT.map((page) => [page, 150 * KB])),
  'Feed/Index': 250 * KB,
};
const DEFAULT_BUDGET = 350 * KB;

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(PUBLIC_DIR, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The manifest keys a chunk pulls in before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * The manifest key of the chunk holding a source file: its own key when it is an entry, else the chunk whose
 * source map lists it (a module shared by a dynamic import and a page's static import lands in a common chunk).
 */
const chunkKeyCache = new Map();
function chunkKeyOf(manifest, source) {
  if (manifest[source]) return source;
  if (!chunkKeyCache.has(source)) {
    const wanted = join(ROOT, source);
    const key = Object.keys(manifest).find((candidate) => {
      const mapFile = join(PUBLIC_DIR, `${manifest[candidate].file}.map`);
      if (!manifest[candidate].file.endsWith('.js') || !existsSync(mapFile)) return false;
      const { sources = [] } = JSON.parse(readFileSync(mapFile, 'utf8'));
      return sources.some((s) => resolve(dirname(mapFile), s) === wanted);
    });
    if (!key) throw new Error(`No chunk holds ${source}: is it still a layout (src/client/layouts/layout-plan.ts)?`);
    chunkKeyCache.set(source, key);
  }
  return chunkKeyCache.get(source);
}

/** What the app loads beside a page before rendering it: its default layouts, and the signed-in chrome. */
function shellKeys(manifest, pageName) {
  const plan = layoutPlanFor(pageName);
  const sources = plan.map((layout) => layoutSources[layout]);
  if (plan.includes('app') && !FIRST_VISIT.includes(pageName)) sources.push(signedInChromeSource);
  return sources.map((source) => chunkKeyOf(manifest, source));
}

function weighPage(manifest, pageKey, pageName) {
  let keys = staticClosure(manifest, pageKey, staticClosure(manifest, APP_ENTRY));
  for (const key of shellKeys(manifest, pageName)) keys = staticClosure(manifest, key, keys);
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const sheet of manifest[key].css ?? []) css.add(sheet);
  }
  const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
  return { jsBytes: sum(js), cssBytes: sum(css), chunks: js.size };
}

function main() {
  if (!existsSync(MANIFEST)) {
    console.error(`No ${MANIFEST}: run \`npm run build\` first.`);
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const pages = Object.keys(manifest)
    .filter((key) => key.startsWith(PAGE_PREFIX) && manifest[key].isDynamicEntry)
    .sort();
  const rows = pages.map((key) => {
    const name = key.slice(PAGE_PREFIX.length).replace(/\.tsx$/, '');
    const budget = BUDGETS[name] ?? DEFAULT_BUDGET;
    return { page: name, ...weighPage(manifest, key, name), budget };
  });
  const failures = rows.filter((row) => row.jsBytes > row.budget);

  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ pages: rows, failures: failures.map((row) => row.page) }, null, 2));
  } else {
    const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
    const shown = process.argv.includes('--all')
      ? rows
      : rows.filter((row) => BUDGETS[row.page] || row.jsBytes > DEFAULT_BUDGET * 0.6);
    console.log('page'.padEnd(28), 'JS gzip'.padStart(10), 'budget'.padStart(10), 'CSS gzip'.padStart(10), 'chunks');
    for (const row of shown) {
      const mark = row.jsBytes > row.budget ? '  OVER' : '';
      console.log(
        row.page.padEnd(28),
        kb(row.jsBytes).padStart(10),
        kb(row.budget).padStart(10),
        kb(row.cssBytes).padStart(10),
        String(row.chunks).padStart(6) + mark,
      );
    }
    const heaviest = rows.reduce((a, b) => (b.jsBytes > a.jsBytes ? b : a), rows[0]);
    console.log(`${rows.length} pages; heaviest ${heaviest.page} ${kb(heaviest.jsBytes)}.`);
  }
  if (failures.length) {
    console.error(`Over budget: ${failures.map((row) => row.page).join(', ')}`);
    process.exit(1);
  }
}

main();
