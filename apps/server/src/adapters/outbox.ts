import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomically } from '../lib/files.ts';
import type { Logger } from '../lib/logger.ts';

export type OutboxRecord = { channel: 'email' | 'sms'; to: string; subject?: string; text: string };

/**
 * Where email and SMS go when no real provider is configured: one JSON file per message under
 * DATA_DIR/outbox and a log line, so a developer (or a browser test) can read the code. Each file is
 * written under a hidden temporary name and renamed (lib/files.ts): whoever lists the folder sees a
 * message whole or not at all, never half of one.
 */
export function createOutbox({ dir, log }: { dir: string; log: Pick<Logger, 'info'> }) {
  return {
    dir,
    async write(record: OutboxRecord): Promise<string> {
      await mkdir(dir, { recursive: true });
      const at = new Date().toISOString();
      const file = path.join(
        dir,
        `${at.replace(/[:.]/g, '-')}-${record.channel}-${randomBytes(3).toString('hex')}.json`,
      );
      await writeAtomically(file, Buffer.from(JSON.stringify({ ...record, at }, null, 2)));
      log.info({ channel: record.channel, to: record.to, file }, `outbox: ${record.channel} to ${record.to}`);
      return file;
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
