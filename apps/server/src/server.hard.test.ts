import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from './db/client.ts';
import { createContactRepository } from './modules/contact/contact.repository.ts';
import { startServer, waitReady } from './test/server-process.ts';
import { scaled } from './test/time-scale.ts';

// Two real server processes one after the other on one embedded database (some 15 s of boots and
// draining), so it runs in the hard suite (`npm run test:hard`).
const dataDir = mkdtempSync(path.join(tmpdir(), 'makan-proc-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  // Two boots of the real process: a minute or more on a busy machine (CI runs the browser journeys beside it).
  it('shuts down cleanly on SIGTERM, keeping what it stored', { timeout: scaled(420_000) }, async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const first = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'none' });
    // The first start creates the embedded database (initdb): well over a minute on a busy CI machine.
    await waitReady(port, first, 200_000);
    const sent = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Nora',
        lastName: 'Aziz',
        email: 'nora@example.com',
        phone: '0501112222',
        subject: 'Hello',
        message: 'Is the Dammam warehouse still available?',
      }),
    });
    expect(sent.status).toBe(201);
    const { id } = z.object({ data: z.object({ id: z.number() }) }).parse(await sent.json()).data;

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    // The same data folder opens again with the row and the seeded cities intact.
    const second = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'none' });
    await waitReady(port, second, 200_000);
    const cities = z
      .object({ data: z.array(z.object({ name_en: z.string() })) })
      .parse(await (await fetch(`http://127.0.0.1:${port}/api/cities?q=riy`)).json());
    expect(cities.data[0]?.name_en).toBe('Riyadh');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);

    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const row = await createContactRepository(database.db).findById(id);
      expect(row).toMatchObject({ email: 'nora@example.com', subject: 'Hello' });
    } finally {
      await database.close();
    }
  });
});
