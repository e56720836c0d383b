import { defineConfig } from 'vitest/config'

// One runner for every layer (DESIGN §9): unit, storage, API and browser tests.
// Corpus tests (*.corpus.test.ts) run separately through `npm run test:corpus`.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'packages/*/test/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/fixtures/**', '**/*.corpus.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './scripts/vitest-summary-reporter.ts'],
  },
})
