import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['sandbox/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts', 'harness/**/*.test.ts'],
    // Servers in tests bind 127.0.0.1 on port 0; two cores, so two workers.
    maxWorkers: 2,
    reporters: ['default', './scripts/plain-summary-reporter.ts'],
  },
})
