import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/setup-fuzz.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // e2e tests spawn the built CLI and start servers, and mostly wait on them: one worker more than
    // the two cores keeps both busy.
    maxWorkers: 3,
  },
});
