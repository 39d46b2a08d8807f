import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteProcess, startPgliteProcess } from './pglite-process.ts';

describe('the embedded database in a process of its own', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'makan-host-test-'));
  let host: PgliteProcess;
  const connect = async () => {
    const client = new pg.Client(host.connection);
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    host = await startPgliteProcess(dataDir);
  }, 60_000);
  afterAll(async () => {
    await host?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers node-postgres: parameters, named statements, errors, transactions', async () => {
    const client = await connect();
    try {
      await client.query('create table notes (id serial primary key, body text not null)');
      const named = { name: 'add-note', text: 'insert into notes (body) values ($1) returning id' };
      expect((await client.query(named, ['first'])).rows).toEqual([{ id: 1 }]);
      expect((await client.query(named, ['second'])).rows).toEqual([{ id: 2 }]);
      await expect(client.query('insert into notes (body) values (null)')).rejects.toThrow(/not-null/);
      await client.query('begin');
      await client.query(named, ['rolled back']);
      await client.query('rollback');
      const bodies = await client.query('select body from notes order by id');
      expect(bodies.rows.map((r) => r.body)).toEqual(['first', 'second']);
    } finally {
      await client.end();
    }
  });

  it('gives the next connection a clean session: the last one left a transaction and a named statement', async () => {
    const first = await connect();
    await first.query('begin');
    await first.query({ name: 'count-notes', text: 'select count(*)::int as n from notes' });
    await first.query("insert into notes (body) values ('never committed')");
    await first.end();

    const second = await connect();
    try {
      // The same statement name prepares again, and the open transaction was rolled back.
      const count = await second.query({ name: 'count-notes', text: 'select count(*)::int as n from notes' });
      expect(count.rows).toEqual([{ n: 2 }]);
    } finally {
      await second.end();
    }
  });

  it('keeps what was committed across a stop and a start on the same folder', async () => {
    await host.stop();
    host = await startPgliteProcess(dataDir);
    const client = await connect();
    try {
      expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 2 }]);
    } finally {
      await client.end();
    }
  }, 60_000);
});
