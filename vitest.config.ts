import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { scaled } from './apps/server/src/test/time-scale.ts';

/**
 * The web's test files that need a module graph and a jsdom of their own: those that replace modules
 * (`vi.mock`, `vi.doMock`), load them afresh (`vi.resetModules`: the helpers setup.ts cleans up with
 * would no longer be the ones later files use) or change the environment's variables (`vi.stubEnv`).
 */
function webFilesNeedingIsolation(): string[] {
  const src = 'apps/web/src';
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) =>
      /\bvi\.(mock|doMock|unmock|doUnmock|resetModules|stubEnv)\(/.test(
        readFileSync(path.join(src, file), 'utf8'),
      ),
    )
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}
const isolatedWebFiles = webFilesNeedingIsolation();

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
    // Files in a new order on every run, so a web test that leaves something behind for a later file
    // of its worker is found (the web's files share one; the other suites' files do not, and their
    // order changes nothing). Vitest prints the seed ('Running tests with seed "N"');
    // `--sequence.seed=N` runs that order again.
    sequence: { shuffle: { files: true, tests: false } },
    // A failed test's errors are printed when it fails as well as at the end (scripts/vitest-failures.ts):
    // a run stopped part-way still says why.
    reporters: ['default', './scripts/vitest-failures.ts'],
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
          // expect.poll without a timeout of its own: vitest's 1 s was shorter than a worker's interval
          // (1 s in the push tests) and, unscaled, failed on CI's starved PostgreSQL lane (push.test.ts
          // "nothing once the notification was read" waited 1 s for a delivery a busy worker cleared later).
          expect: { poll: { timeout: scaled(5_000) } },
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
          expect: { poll: { timeout: scaled(5_000) } },
          // Two files at a time: most of their time is spent waiting (restarts, timers, a 60 s load run), and
          // each has its own server process, port, data folder and database (242 s against 540 s one by one,
          // on 2 cores).
          maxWorkers: 2,
        },
      },
      {
        // The web's tests share one module graph and one jsdom per worker (no per-file isolation): a
        // file's own set-up (a jsdom, the app's modules transformed and evaluated again) cost three
        // times its tests. The whole web suite on one worker, quiet machine: 182.9 s and 220 CPU-s
        // isolated, 56.8 s and 56 CPU-s shared. What one test could leave to the next is cleared after
        // each (src/test/setup.ts: rendered trees, their query clients' work, pending timers, the
        // document, cookies, storage, module state a page load starts afresh); shuffled file orders pass
        // (--sequence.shuffle.files). A file that needs more runs in 'web-isolated'.
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          exclude: isolatedWebFiles,
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web-isolated', root: 'apps/web', include: isolatedWebFiles },
      },
    ],
  },
});
