import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN_EMAILS } from './accounts.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
// Each run serves the built app from a fresh embedded database of its own.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'makan-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

// A second server, with LinkedIn sign-in configured against a real OpenID provider (oidc-provider)
// that e2e/account-linkedin.spec.ts starts on E2E_OIDC_PORT: the first server stays the one
// without LinkedIn credentials (auth.spec.ts checks what it says then). The server discovers the
// provider at the first sign-in, not at start.
const linkedinPort = Number(process.env.E2E_LINKEDIN_PORT ?? port + 1);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 2);
const linkedinDataDir =
  process.env.E2E_LINKEDIN_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'makan-e2e-linkedin-'));
process.env.E2E_LINKEDIN_PORT = String(linkedinPort);
process.env.E2E_OIDC_PORT = String(oidcPort);
process.env.E2E_LINKEDIN_DATA_DIR = linkedinDataDir;
process.env.E2E_LINKEDIN_CLIENT_SECRET ??= randomBytes(16).toString('hex');

const serverEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // Journeys that need accounts of their own register them as coming from addresses of their own
  // (e2e/accounts.ts), through this loopback 'proxy'; the browser's own requests stay 127.0.0.1.
  TRUST_PROXY: '127.0.0.1',
};
/** The built server, as `npm start` runs it (`npm run test:e2e` builds it with the web app). */
const server = (serverPort: number, env: Record<string, string>) => ({
  command: 'node apps/server/dist/server.js',
  cwd: '..',
  url: `http://127.0.0.1:${serverPort}/health/ready`,
  reuseExistingServer: false,
  // The server drains and closes its embedded database (and that database's process) on SIGTERM.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  timeout: 90_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { ...serverEnv, PORT: String(serverPort), PUBLIC_URL: `http://127.0.0.1:${serverPort}`, ...env },
});

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results',
  // A journey gets 60 s: the ones that sign in twice and screenshot both themes took 23–31 s on CI's two
  // cores shared with the PostgreSQL lane (account settings' delete-then-sign-in-again failed at 30 s,
  // run of 6c7adf8). A longer ceiling changes no assertion, only how long a hung journey takes to fail.
  timeout: 60_000,
  // A check waits up to 10 s for what it expects: a login hashes a password, and CI runs these journeys
  // beside the PostgreSQL lane on the same two cores (a wrong password's error took over 5 s there once).
  expect: { timeout: 10_000 },
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
  webServer: [
    // The moderation journey's admin (issue 21) signs up with this email: ADMIN_EMAILS makes it an admin.
    // Notifications (issue 22): each pass of the worker a second apart, so a message left unread
    // reaches the bell soon after its 10 s (and a listing matching a saved search soon after it is posted).
    server(port, {
      DATA_DIR: dataDir,
      ADMIN_EMAILS: ADMIN_EMAILS.join(','),
      NOTIFICATIONS_EVERY_SECONDS: '1',
      // Saved searches (issue 23): the daily email goes on the worker's next pass, not an hour after
      // its first listing matched, so the journey sees it.
      SAVED_SEARCH_DIGEST_COLLECT_MINUTES: '0',
    }),
    server(linkedinPort, {
      DATA_DIR: linkedinDataDir,
      SEED: 'none',
      LINKEDIN_CLIENT_ID: 'makan-e2e',
      LINKEDIN_CLIENT_SECRET: process.env.E2E_LINKEDIN_CLIENT_SECRET,
      LINKEDIN_ISSUER: `http://127.0.0.1:${oidcPort}`,
    }),
  ],
});
