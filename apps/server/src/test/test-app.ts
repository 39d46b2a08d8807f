import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOverrides, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { testDatabaseName } from './database-name.ts';

/**
 * A fresh database for one test file: PGlite started from the migrated template by default, or a
 * new PostgreSQL database (created from DATABASE_URL, dropped on close) when DATABASE_URL is set, named under
 * MAKAN_TEST_DB_PREFIX (see database-name.ts).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    const blob = template ? new Blob([readFileSync(template)]) : undefined;
    return openDatabase({ loadDataDir: blob });
  }
  const name = testDatabaseName('app');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Omit<AppOverrides, 'database'> = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED: 'none',
    LOG_LEVEL: 'silent',
    // Cheap hashes keep the suite fast; the production cost has its own test.
    SCRYPT_COST: '1024',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'makan-test-data-')),
    // The push service of the generated sample requests (openapi-operations.ts): never resolves.
    PUSH_SERVICE_HOSTS: 'push.invalid',
    ...env,
  });
  const database = await openTestDatabase();
  const app = await buildApp(config, { database, logger: false, ...overrides });
  return { app, database, config };
}

/**
 * With REDIS_URL set (CI's PostgreSQL lane), the app uses Redis under a prefix of this file's own, so
 * the paths between processes are exercised; without it, nothing (in-process defaults).
 */
export function redisTestEnv(name: string): Record<string, string> {
  return process.env.REDIS_URL
    ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `makan-${name}-${randomBytes(4).toString('hex')}` }
    : {};
}
