import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { scaled } from './apps/server/src/test/time-scale.ts';

// One `vitest run` at the root runs every unit and HTTP suite; browser journeys run in Playwright.
// The server's limits stretch with TEST_TIME_SCALE, as every wait inside its tests does (CI's PostgreSQL
// lane runs at a lower priority beside the main lane and sets it to 4).
export default defineConfig({
  test: {
    // One file per core. Vitest's own default in run mode is one core fewer, which on a 2-core machine
    // (this one, CI's) is a single worker: the web suite took 260 s there with the CPU half idle, 173 s
    // with two workers, every test passing. Much of a file's time is waiting (jsdom timers, HTTP round
    // trips to the embedded database), so a worker per core keeps both cores busy. CI, which runs a
    // PostgreSQL lane beside `npm test`, sets VITEST_MAX_WORKERS=1 for it (.ci/run says why).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.hard.test.ts', '**/node_modules/**'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: scaled(30_000),
          hookTimeout: scaled(60_000),
        },
      },
      {
        // Slow fault tests against real processes (`npm run test:hard`), not part of `npm test`.
        test: {
          name: 'server-hard',
          root: 'apps/server',
          include: ['src/**/*.hard.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: scaled(120_000),
          hookTimeout: scaled(120_000),
          // Two files at a time: most of their time is spent waiting (restarts, timers, a 60 s load run), and
          // each has its own server process, port, data folder and database (242 s against 540 s one by one,
          // on 2 cores).
          maxWorkers: 2,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
