import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './test/server-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'makan-proc-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('refuses a bad configuration with a message naming the variable', async () => {
    const { exited, output } = startServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await exited).toBe(1);
    expect(output()).toContain('Invalid configuration');
    expect(output()).toContain('PORT="abc"');
  });

  // SIGTERM and a restart on the same data folder: server.hard.test.ts (npm run test:hard).
});
