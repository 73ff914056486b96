/** Types of test/support/suite-imports.js (plain JavaScript so the Jest sequencer can require it). */
export function importedCases(suitePath: string): string[];
