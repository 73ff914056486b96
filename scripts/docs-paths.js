#!/usr/bin/env node
// Fails when a doc names a path that does not exist, so the rulebook cannot drift from the code it describes.
// Every `src/...`, `test/...`, `docs/...`, `scripts/...`, `bench/...`, `docker/...`, `resources/...` path written in
// the docs below is checked; a placeholder segment (`<area>`, `{id}`, `*`) only requires the folder before it, and
// benchmark output under bench/results/ is not expected in a clone.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const DOCS = ['docs/CONVENTIONS.md', 'README.md', 'bench/README.md', 'src/client/api/README.md'];
const PATH = /(?<![\w/.@-])((?:src|test|docs|scripts|bench|docker|resources)\/[A-Za-z0-9_./<>{}*-]*[A-Za-z0-9_/>}*-])/g;
const PLACEHOLDER = /[<{*]/;
// What a benchmark run writes (git-ignored): named as the place to look, not expected in a clone.
const RUN_OUTPUT = /^bench\/results\//;

function missingIn(doc) {
  const text = require('node:fs').readFileSync(join(ROOT, doc), 'utf8');
  const missing = new Set();
  for (const [, raw] of text.matchAll(PATH)) {
    const at = raw.search(PLACEHOLDER);
    const path = at === -1 ? raw : raw.slice(0, raw.lastIndexOf('/', at) + 1);
    if (!RUN_OUTPUT.test(path) && !existsSync(join(ROOT, path))) missing.add(raw);
  }
  return [...missing].map((path) => `${doc}: ${path}`);
}

const missing = DOCS.filter((doc) => existsSync(join(ROOT, doc))).flatMap(missingIn);
if (missing.length) {
  process.stderr.write(`Docs name paths that do not exist:\n${missing.map((m) => `  ${m}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`Every path named in ${DOCS.join(', ')} exists.\n`);
