import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['sandbox/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts', 'harness/**/*.test.ts'],
    // Servers in tests bind 127.0.0.1 on port 0; two cores, so two workers.
    maxWorkers: 2,
    // No test leans on vitest's 5 s default: CI is a busy 2-core machine where a Chromium
    // flow or a property run can take several seconds. Heavy tests still set their own.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './scripts/plain-summary-reporter.ts'],
  },
})
