import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Written under a hidden temporary name, flushed, then renamed: a crash never leaves half a file, and
 * a stream that fails half-way leaves nothing.
 */
export async function writeAtomically(file: string, data: Buffer | Readable, mode = 0o666): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      if (Buffer.isBuffer(data)) await handle.writeFile(data);
      else for await (const chunk of data) await handle.write(chunk);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
