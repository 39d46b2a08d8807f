import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOutbox } from './outbox.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'makan-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the outbox (email and SMS with no provider)', () => {
  it('shows whoever lists its folder each message whole or not at all, and leaves no temporary file', async () => {
    const outbox = createOutbox({ dir: path.join(dir, 'outbox'), log: { info: () => {} } });
    const text = `Your code is 1234. ${'A long message body. '.repeat(20_000)}`;
    let writing = true;
    let reads = 0;
    const reader = (async () => {
      while (writing) {
        let files: string[] = [];
        try {
          files = readdirSync(outbox.dir).filter((f) => f.endsWith('.json'));
        } catch {
          // not created yet
        }
        for (const f of files) {
          const record = JSON.parse(readFileSync(path.join(outbox.dir, f), 'utf8'));
          expect(record.text).toBe(text);
          reads++;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          outbox.write({ channel: 'email', to: `u${i}@example.com`, text }),
        ),
      );
    } finally {
      writing = false;
    }
    await reader;
    expect(reads).toBeGreaterThan(0);
    const left = readdirSync(outbox.dir);
    expect(left.filter((f) => !f.endsWith('.json'))).toEqual([]);
    expect(left).toHaveLength(40);
  });
});
