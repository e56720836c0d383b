import { defineConfig } from 'vitest/config'

// The real-world corpus in ../shared/corpus (DESIGN §9): counts and matches, run by `npm run test:corpus`.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.corpus.test.ts', 'tests/**/*.corpus.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './scripts/vitest-summary-reporter.ts'],
  },
})
