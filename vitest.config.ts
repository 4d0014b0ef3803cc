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
    // Test files share a worker's module instances instead of importing every module again per file:
    // the imports were half of the unit tests' time (65 files: 53 s alone, 23 s shared). No test
    // mocks modules; the one that fakes timers restores them after each test.
    isolate: false,
  },
});
