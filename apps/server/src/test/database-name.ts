import { randomBytes } from 'node:crypto';

const identifier = /^[a-z_][a-z0-9_]*$/;

/**
 * The prefix of every PostgreSQL database the tests create: `MAKAN_TEST_DB_PREFIX`, `makan_t_` by default.
 * CI gives each run a prefix of its own (`makan_t_<random>_`), so a run drops its own leftovers and never a
 * concurrent run's databases.
 */
export function testDatabasePrefix(): string {
  const prefix = process.env.MAKAN_TEST_DB_PREFIX || 'makan_t_';
  if (!identifier.test(prefix) || prefix.length > 40) {
    throw new Error(
      `MAKAN_TEST_DB_PREFIX="${prefix}" must be lower-case letters, digits and _ (at most 40), starting with a letter or _`,
    );
  }
  return prefix;
}

/** A new database name under the prefix, unique to this process and call; `kind` tells whose it is. */
export function testDatabaseName(kind: 'app' | 'process'): string {
  return `${testDatabasePrefix()}${kind === 'process' ? 'p' : 'a'}${process.pid}_${randomBytes(4).toString('hex')}`;
}
