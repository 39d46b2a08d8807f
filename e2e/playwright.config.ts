import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Each run serves the built app from a fresh embedded database of its own.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'makan-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The built server, as `npm start` runs it (`npm run test:e2e` builds it with the web app).
    command: 'node apps/server/dist/server.js',
    cwd: '..',
    url: `http://127.0.0.1:${port}/health/ready`,
    reuseExistingServer: false,
    // The server drains and closes its embedded database (and that database's process) on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Journeys that need accounts of their own register them as coming from addresses of their own
      // (e2e/accounts.ts), through this loopback 'proxy'; the browser's own requests stay 127.0.0.1.
      TRUST_PROXY: '127.0.0.1',
    },
  },
});
