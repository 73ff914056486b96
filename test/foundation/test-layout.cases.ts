import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { importedCases } from '../support/suite-imports';

const TEST_ROOT = resolve(__dirname, '..');

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * A case file runs only when a suite imports it (Jest collects `*.e2e-spec.ts`, not `*.cases.ts`): each must be
 * imported by exactly one suite, or its tests would silently never run, or run twice.
 */
describe('test layout', () => {
  it('every *.cases.ts is imported by exactly one suite file', () => {
    const importers = new Map<string, string[]>();
    for (const spec of filesUnder(TEST_ROOT, '.e2e-spec.ts'))
      for (const file of importedCases(spec)) {
        const cases = relative(TEST_ROOT, file);
        importers.set(cases, [...(importers.get(cases) ?? []), relative(TEST_ROOT, spec)]);
      }
    const wrong = filesUnder(TEST_ROOT, '.cases.ts')
      .map((file) => relative(TEST_ROOT, file))
      .filter((cases) => importers.get(cases)?.length !== 1)
      .map((cases) => `${cases}: imported by ${JSON.stringify(importers.get(cases) ?? [])}`);
    expect(wrong).toEqual([]);
  });
});
