import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/setup-fuzz.ts'],
    // Generous: a timeout here is a hang detector, not a speed target. At a load average of 15 on two
    // cores (other suites running beside this one) an end-to-end test that spawns the CLI a dozen
    // times took over 30 s; tests assert on what happened, never on how fast.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // e2e tests spawn the built CLI and start servers, and mostly wait on them: one worker more than
    // the two cores keeps both busy.
    maxWorkers: 3,
    // Test files share a worker's module instances instead of importing every module again per file:
    // the imports were half of the unit tests' time (65 files: 53 s alone, 23 s shared). No test
    // mocks modules; the one that fakes timers restores them after each test.
    isolate: false,
  },
});
