import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { z } from 'zod';

const record = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().optional(),
  text: z.string(),
  at: z.string(),
});
type OutboxRecord = z.infer<typeof record>;

/**
 * Every message the server wrote to its outbox for this address so far, oldest first. The server writes
 * each under a hidden temporary name and renames it, so only finished `.json` files are read.
 */
function outboxFor(to: string, dataDir: string): OutboxRecord[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((f) => record.parse(JSON.parse(readFileSync(path.join(dir, f), 'utf8'))))
    .filter((r) => r.to === to)
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** The first email to this address whose text contains `needle`, once the server has written it. */
export async function emailFromOutbox(
  to: string,
  needle: string,
  { timeout = 30_000, dataDir = process.env.E2E_DATA_DIR ?? '' }: { timeout?: number; dataDir?: string } = {},
): Promise<OutboxRecord> {
  let found: OutboxRecord | undefined;
  await expect
    .poll(
      () => {
        found = outboxFor(to, dataDir).find((r) => r.channel === 'email' && r.text.includes(needle));
        return found !== undefined;
      },
      { message: `an email to ${to} containing ${needle}`, timeout },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/**
 * The newest 4-digit code the server (by default the first one, see playwright.config.ts) wrote to
 * its outbox for this address (it has no SMTP in tests).
 */
export async function codeFromOutbox(to: string, dataDir = process.env.E2E_DATA_DIR ?? ''): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = outboxFor(to, dataDir)
          .at(-1)
          ?.text.match(/\b(\d{4})\b/)?.[1];
        return code;
      },
      { message: `a code for ${to} in the outbox` },
    )
    .toMatch(/^\d{4}$/);
  return code ?? '';
}
