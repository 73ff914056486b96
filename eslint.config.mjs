// Lint rules for the whole repository; `npm run lint` (part of `npm test`) fails on any error.
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * A file in src/modules/<a>/ imports another module <b> only through src/modules/<b>/index.ts (what <b> chose to
 * export: its services and types), never <b>'s repository or internals. The one exception is Nest wiring: an
 * `<a>.module.ts` may import `<b>/<b>.module` for its `imports: []` (re-exporting modules from the index would tie
 * the barrels into require cycles).
 */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      deep: "Import the {{area}} module through its index ('{{suggestion}}'), not its file '{{source}}'.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const match = /^(.*[\\/]src[\\/]modules)[\\/]([^\\/]+)[\\/]/.exec(file);
    if (!match) return {};
    const [, modulesRoot, own] = match;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const relative = path.relative(modulesRoot, path.resolve(path.dirname(file), source));
      if (relative.startsWith('..') || path.isAbsolute(relative)) return;
      const [area, ...rest] = relative.split(path.sep);
      if (area === own || rest.length === 0 || (rest.length === 1 && rest[0] === 'index')) return;
      // Nest wiring: a module may list another area's Nest module in its imports.
      if (rest.length === 1 && rest[0] === `${area}.module`) return;
      const suggestion = path.relative(path.dirname(file), path.join(modulesRoot, area)).split(path.sep).join('/');
      context.report({ node: node.source, messageId: 'deep', data: { area, source, suggestion } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** Refusals (403) belong to policy files: these constructs anywhere else are reported. */
const POLICY_ONLY = [
  {
    selector: "NewExpression[callee.name='ForbiddenException']",
    message: "Refuse in the area's <area>.policy.ts (deny/allowOnly from src/modules/policies) and call the rule here.",
  },
  {
    selector: 'CallExpression[callee.name=/^(deny|allowOnly)$/]',
    message: 'deny() and allowOnly() are for <area>.policy.ts: name the rule there and call it here.',
  },
];

/** "Now" in module code comes from the Clock; durations and cache ages from performance.now(). */
const TIME_FROM_CLOCK = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Ask the injected Clock for now (clock.now()); a duration is performance.now().',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Ask the injected Clock for now (clock.nowMs()); a duration or cache age is performance.now().',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'storage/**', 'coverage/**', 'bench/results/**', 'test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // A source file stays small enough to hold in one's head: past 400 lines it splits by side or by step.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // "May this user do this to that" is decided in the area's <area>.policy.ts, which refuses through deny() or
    // allowOnly() (src/modules/policies/deny.ts): a service or controller calls a named rule, never refuses itself.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.policy.ts', 'src/modules/policies/**', 'src/**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...POLICY_ONLY] },
  },
  {
    // Module code asks the Clock for now (src/common/clock.ts), so tests that move it move every rule, stamp and
    // expiry; how long something took or a cache's age is performance.now(), which never jumps and is no date.
    files: ['src/modules/**/*.ts'],
    ignores: ['src/**/*.policy.ts', 'src/modules/policies/**', 'src/**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...POLICY_ONLY, ...TIME_FROM_CLOCK] },
  },
  {
    files: ['src/modules/**/*.policy.ts', 'src/modules/policies/**/*.ts'],
    ignores: ['src/**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...TIME_FROM_CLOCK] },
  },
  {
    // A mapper writes every timestamp one way: iso() (src/common/iso.ts), which also keeps a missing one null.
    files: ['src/modules/**/*.mapper.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...POLICY_ONLY,
        ...TIME_FROM_CLOCK,
        {
          selector: "CallExpression[callee.property.name='toISOString']",
          message: 'Write timestamps with iso() from src/common/iso.ts.',
        },
      ],
    },
  },
  {
    files: ['src/modules/**/*.ts'],
    plugins: { reelty: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'reelty/module-boundaries': 'error' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/pages/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules; the React Compiler rules of eslint-plugin-react-hooks 7 are not adopted (no compiler here).
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['test/**/*', 'bench/**/*', '**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx'],
    languageOptions: { globals: { ...globals.jest } },
    // Tests poke at raw answers; a typed shape for every supertest body would say nothing a failing assertion doesn't.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
