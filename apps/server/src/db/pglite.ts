import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Shared buffers of the embedded database (see createPglite). */
const PGLITE_SHARED_BUFFERS = '16MB';

export type PgliteOptions = {
  /** Folder of the database; unset means in memory. */
  dataDir?: string | undefined;
  /** A data folder dump (tar) to start from, used by tests to skip initdb. */
  loadDataDir?: Blob | undefined;
};

/** Opens the embedded database with the extensions and settings every PGlite of the app uses. */
export async function createPglite({ dataDir, loadDataDir }: PgliteOptions): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers is touched at start and lives in the process's own
    // memory here (about 110 MB of RSS more than 16 MB, measured); the files stay in the operating
    // system's cache, so a miss costs a copy, not a disk read.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}
