import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { createCitiesRepository } from '../modules/cities/cities.repository.ts';
import { seedCities } from '../modules/cities/cities.seed.ts';

/**
 * PGlite's initdb costs seconds; run it and the migrations once, dump the data folder, and let
 * every test file start its own database from that dump.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'makan-pglite-'));
  const handle = await openDatabase({});
  await handle.migrate();
  await seedCities(createCitiesRepository(handle.db));
  if (!handle.dumpDataDir) throw new Error('PGlite handle cannot dump');
  const dump = await handle.dumpDataDir();
  await handle.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
