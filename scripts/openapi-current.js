#!/usr/bin/env node
// Fails when docs/openapi.json is not what `npm run openapi` writes from the current build: a route, DTO field or
// answer changed without regenerating it, or a field decorator lost the constraints it documents (the shared DTO
// field decorators in src/common/dto-fields.ts feed the @nestjs/swagger plugin's metadata; this is their check).
// Needs `nest build` first (ci-checks runs it in the same lane) and the database the app would use.
const { execFileSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

function main() {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  const written = join(dir, 'openapi.json');
  try {
    execFileSync(process.execPath, ['dist/src/cli/openapi.js', written], { stdio: ['ignore', 'ignore', 'inherit'] });
    const fresh = readFileSync(written, 'utf8');
    const committed = readFileSync('docs/openapi.json', 'utf8');
    if (fresh === committed) {
      console.log('docs/openapi.json matches the build');
      return;
    }
    const a = committed.split('\n');
    const b = fresh.split('\n');
    const line = a.findIndex((text, i) => text !== b[i]);
    console.error(`docs/openapi.json is out of date from line ${line + 1}:`);
    console.error(`  committed: ${a[line] ?? '(end of file)'}\n  built:     ${b[line] ?? '(end of file)'}`);
    console.error('Run `npm run openapi` and commit docs/openapi.json.');
    process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
