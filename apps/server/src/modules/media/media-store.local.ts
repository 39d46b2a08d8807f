import type { Dirent, Stats } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomically } from '../../lib/files.ts';
import { checkKey, checkPrefix, type MediaStore, type StoredObjectInfo } from './media-store.ts';

const isMissing = (err: unknown) => err instanceof Error && 'code' in err && err.code === 'ENOENT';

/** Changes whenever the file is written again (a new size or time), like a static file server's. */
const fileTag = (info: Stats) => `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;

const infoOf = (info: Stats): StoredObjectInfo => ({
  size: info.size,
  etag: fileTag(info),
  lastModified: info.mtime,
});

/**
 * The local folder (the default): a key is a path under `dir`, so the folder looks as it always has.
 * Objects are written under a hidden temporary name and renamed (lib/files.ts); a process killed
 * mid-write leaves such a temporary file, which the listing shows and the media sweep deletes.
 * `fileMode` 0o600 keeps private files (registration documents, data exports) to the server's user.
 */
export function createLocalMediaStore(
  dir: string,
  { fileMode = 0o666 }: { fileMode?: number | undefined } = {},
): MediaStore {
  const fileOf = (key: string) => path.join(dir, checkKey(key));

  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file, body, fileMode);
    },

    async get(key) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new Error(`not a file: ${key}`);
        // The stream owns the handle from here and closes it when read or destroyed.
        return { ...infoOf(info), body: handle.createReadStream() };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async head(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? infoOf(info) : undefined;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async *list(prefix) {
      const root = path.join(dir, checkPrefix(prefix));
      let entries: Dirent[];
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => undefined);
        if (!info) continue; // deleted meanwhile
        yield { key: path.relative(dir, file).split(path.sep).join('/'), ...infoOf(info) };
      }
    },
  };
}
