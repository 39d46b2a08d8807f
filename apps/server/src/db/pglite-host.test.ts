import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scaled } from '../test/time-scale.ts';
import { openDatabase } from './client.ts';
import { type PgliteProcess, startPgliteProcess } from './pglite-process.ts';

// The embedded database itself is under test, whatever DATABASE_URL says: with it set (CI's PostgreSQL
// lane) this file would only repeat, on the same PGlite, what the default run has proved.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database in a process of its own', () => {
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

  it('answers a result larger than the socket can take at once intact', async () => {
    // PGlite hands each chunk of an answer over as a view of its own memory and reuses that memory
    // for the next chunk: a write the socket had to queue once went out overwritten (a 162 KB page of
    // messages crashed the server's parser under load).
    const client = await connect();
    try {
      const result = await client.query(
        'select g, repeat(md5(g::text), 20) as body from generate_series(1, 5000) g order by g',
      );
      expect(result.rows).toHaveLength(5000);
      const wrong = result.rows.filter(
        (row, i) =>
          row.g !== i + 1 ||
          row.body !==
            createHash('md5')
              .update(String(i + 1))
              .digest('hex')
              .repeat(20),
      );
      expect(wrong).toEqual([]);
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

  it('is started again by itself after a SIGKILL, and the pool reconnects, with every acknowledged row', async () => {
    await host.stop();
    // As the server opens it (client.ts): one pooled connection on the host's socket.
    const events: string[] = [];
    const record = (_fields: object, msg: string) => events.push(msg);
    const database = await openDatabase({ dataDir, log: { info: record, error: record } });
    const query = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
    try {
      await query(sql`create table acks (n int primary key)`);
      const acked: number[] = [];
      let failures = 0;
      let next = 0;
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const n = ++next;
          try {
            await query(sql`insert into acks (n) values (${n})`);
            acked.push(n);
          } catch {
            failures += 1;
            await sleep(20);
          }
        }
      })();
      const waitFor = async (what: string, done: () => boolean) => {
        for (let i = 0; i < 400 && !done(); i++) await sleep(50);
        if (!done()) throw new Error(`timed out waiting for ${what}; events: ${events.join(' | ')}`);
      };
      await waitFor('rows before the kill', () => acked.length >= 50);
      const pid = Number(readFileSync(path.join(dataDir, 'host.pid'), 'utf8'));
      process.kill(pid, 'SIGKILL');
      const ackedAtKill = acked.length;
      await waitFor('inserts to succeed again', () => acked.length >= ackedAtKill + 50);
      writing = false;
      await writer;

      expect(failures, 'the kill was felt').toBeGreaterThan(0);
      expect(Number(readFileSync(path.join(dataDir, 'host.pid'), 'utf8'))).not.toBe(pid);
      expect(events).toEqual([
        "the embedded database's process ended; starting it again",
        "the embedded database's process serves again",
      ]);
      // Every acknowledged row is there (a row whose answer the kill cut off may be there too).
      const { rows } = z
        .object({ rows: z.array(z.object({ n: z.number() })) })
        .parse(await query(sql`select n from acks`));
      const stored = new Set(rows.map((row) => row.n));
      expect(acked.filter((n) => !stored.has(n))).toEqual([]);
      await database.ping();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('never opens a folder another live process holds: a second one waits until the first has closed it', {
    timeout: scaled(120_000),
  }, async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'makan-host-twice-'));
    try {
      const first = await startPgliteProcess(folder);
      const writer = new pg.Client(first.connection);
      await writer.connect();
      await writer.query('create table kept (n int)');
      await writer.query('insert into kept values (1), (2), (3)');
      await writer.end();
      let secondReady = false;
      const second = startPgliteProcess(folder).then((p) => {
        secondReady = true;
        return p;
      });
      await sleep(3000);
      expect(secondReady, 'the second process opened the folder while the first held it').toBe(false);
      await first.stop();
      const next = await second;
      try {
        const reader = new pg.Client(next.connection);
        await reader.connect();
        expect((await reader.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 3 }]);
        await reader.end();
      } finally {
        await next.stop();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
