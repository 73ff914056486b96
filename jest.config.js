// Two projects: the server (node, real PostgreSQL/Redis) and the React shell (jsdom).
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: !tsx, tsx },
      // import.meta.env (read by @inertiajs/react) has no CommonJS equivalent: replace it with {} in the jsdom project.
      transform: tsx
        ? { react: { runtime: 'automatic' }, optimizer: { globals: { vars: { 'import.meta.env': '{}' } } } }
        : { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testTimeout: 60000,
  testSequencer: '<rootDir>/test/support/sequencer.js',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/test'],
      testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
      transform: { '^.+\\.ts$': swc(false) },
      setupFiles: ['reflect-metadata'],
    },
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src/client', '<rootDir>/src/pages'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.(ts|tsx|js|mjs)$': swc(true) },
      transformIgnorePatterns: ['/node_modules/(?!(@inertiajs|laravel-precognition|es-toolkit|laravel-echo)/)'],
      moduleNameMapper: {
        '^@inertiajs/(core|react)$': '<rootDir>/node_modules/@inertiajs/$1/dist/index.js',
        '^@/(.*)$': '<rootDir>/src/client/$1',
        '^@pages/(.*)$': '<rootDir>/src/pages/$1',
        '^@contracts/(.*)$': '<rootDir>/src/contracts/$1',
        '\\.css$': '<rootDir>/test/support/style-stub.js',
      },
      setupFilesAfterEnv: ['<rootDir>/test/support/jsdom-setup.ts'],
    },
  ],
};
