#!/usr/bin/env node
// Usage: node .ci/fix-lockfile.js [package-lock.json]   (idempotent)
// The npm registry reachable here serves only some platform builds (no darwin/win32/... binaries of @swc/core,
// @tailwindcss/oxide, unrs-resolver, msgpackr-extract), so `npm install` writes a lock file without them and
// `npm ci` then refuses it ("Missing: @swc/core-darwin-arm64@ from lock file"). This adds the missing entries
// (version, optional, os/cpu/libc inferred from the package name, as published), so `npm ci` works again.
const fs = require('fs');
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const P = lock.packages;
const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  arm: 'arm',
  ia32: 'ia32',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
  wasm32: 'wasm32',
};
function infer(name) {
  const parts = name.split('/').pop().split('-');
  const out = {};
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU[p]);
  if (os) out.os = [os];
  if (cpu) out.cpu = [CPU[cpu]];
  if (os === 'linux') {
    if (parts.some((p) => p.startsWith('musl'))) out.libc = ['musl'];
    else if (parts.some((p) => p.startsWith('gnu'))) out.libc = ['glibc'];
  }
  return out;
}
let added = 0;
for (const [key, pkg] of Object.entries({ ...P })) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies || {})) {
    let base = key,
      found = false;
    for (;;) {
      if (P[(base ? base + '/' : '') + 'node_modules/' + dep]) {
        found = true;
        break;
      }
      if (!base) break;
      const i = base.lastIndexOf('/node_modules/');
      base = i < 0 ? '' : base.slice(0, i);
    }
    if (found) continue;
    if (!/^\d+\.\d+\.\d+$/.test(range)) {
      console.error(`skip ${dep}@${range}: not an exact version`);
      continue;
    }
    const entry = { version: range, ...(pkg.dev ? { dev: true } : {}), optional: true, ...infer(dep) };
    // Place next to the parent at top level when free (as npm hoists), else under the parent.
    const top = 'node_modules/' + dep;
    P[P[top] ? key + '/node_modules/' + dep : top] = entry;
    added++;
  }
}
// Keep npm's sorted order.
const sorted = {};
for (const k of Object.keys(P).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))))
  sorted[k] = P[k];
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} entries`);
