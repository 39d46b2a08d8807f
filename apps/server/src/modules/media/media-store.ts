import type { Readable } from 'node:stream';

/** An object's size, version tag and time of writing, as a listing or a head request gives them. */
export type StoredObjectInfo = { size: number; etag: string; lastModified: Date };

/** An object being read: its bytes as a stream (read it to the end or destroy it) and what head gives. */
export type StoredObject = StoredObjectInfo & { body: Readable };

/**
 * Where media objects are kept, by key (`post_photos/<key>-480.webp`, `chat_files/<key>`): a folder on
 * this machine or a bucket of an S3-compatible service. A put is all or nothing: the object appears
 * whole or not at all, so a failure half-way leaves nothing to clean. Deleting a missing object is fine.
 */
export interface MediaStore {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object as a stream; undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  head(key: string): Promise<StoredObjectInfo | undefined>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder: '' or ending in '/'), a page at a time. */
  list(prefix: string): AsyncIterable<StoredObjectInfo & { key: string }>;
}

/**
 * Keys are made by the server (folder names and random hex), never taken from a request; still, a key
 * that could climb out of its folder is refused outright. (Hidden names are keys too: the local
 * store's temporary files, which the sweep lists and deletes.)
 */
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (parts.some((p) => !/^[\w.-]+$/.test(p) || p === '.' || p === '..')) {
    throw new Error(`not a media key: ${key}`);
  }
  return key;
}

/** A folder to list: '' (everything) or a key prefix ending in '/'. */
export function checkPrefix(prefix: string): string {
  if (prefix !== '' && !prefix.endsWith('/')) throw new Error(`a prefix is a folder: ${prefix}`);
  if (prefix !== '') checkKey(prefix.slice(0, -1));
  return prefix;
}

/**
 * The same store, each failed operation counted (`onError`, for /metrics) and still thrown: an
 * operator sees a bucket refusing writes before users report broken photos.
 */
export function observedStore(store: MediaStore, onError: (operation: string) => void): MediaStore {
  const counted =
    <A extends unknown[], R>(operation: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (err) {
        onError(operation);
        throw err;
      }
    };
  return {
    put: counted('put', (key: string, body: Buffer | Readable, contentType: string) =>
      store.put(key, body, contentType),
    ),
    get: counted('get', (key: string) => store.get(key)),
    head: counted('head', (key: string) => store.head(key)),
    delete: counted('delete', (key: string) => store.delete(key)),
    async *list(prefix: string) {
      try {
        yield* store.list(prefix);
      } catch (err) {
        onError('list');
        throw err;
      }
    },
  };
}

/** Keys asked about at once when sweeping (one indexed query each). */
const SWEEP_BATCH = 1000;

/**
 * Deletes from `folder` what no row names (the media sweep): objects are grouped by the key their
 * name carries (`keyOf`; an image's sizes share one), and a key's objects go when `referenced` does
 * not name it and its newest object was written before `modifiedBefore` (another process may be
 * between writing a file and committing its row). Temporary names (`isTemp`: the local store's
 * half-written files) older than that go too. One listing of the folder and one query per thousand
 * keys; stops early when `signal` is aborted. Answers how many keys went.
 */
export async function removeUnreferencedIn(
  store: MediaStore,
  {
    folder,
    keyOf,
    isTemp,
    referenced,
    modifiedBefore,
    signal,
  }: {
    folder: string;
    keyOf: (name: string) => string | undefined;
    isTemp: (name: string) => boolean;
    referenced: (keys: string[]) => Promise<Set<string>>;
    modifiedBefore?: Date | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<number> {
  const old = (written: Date) => !modifiedBefore || written < modifiedBefore;
  const found = new Map<string, { objects: string[]; written: Date }>();
  for await (const object of store.list(`${folder}/`)) {
    if (signal?.aborted) return 0;
    const name = object.key.slice(folder.length + 1);
    if (isTemp(name)) {
      if (old(object.lastModified)) await store.delete(object.key);
      continue;
    }
    const key = keyOf(name);
    if (!key) continue;
    const seen = found.get(key);
    if (!seen) found.set(key, { objects: [object.key], written: object.lastModified });
    else {
      seen.objects.push(object.key);
      if (seen.written < object.lastModified) seen.written = object.lastModified;
    }
  }
  let removed = 0;
  const keys = [...found.keys()];
  for (let i = 0; i < keys.length && !signal?.aborted; i += SWEEP_BATCH) {
    const batch = keys.slice(i, i + SWEEP_BATCH);
    const named = await referenced(batch);
    for (const key of batch) {
      const entry = found.get(key);
      if (!entry || named.has(key) || !old(entry.written)) continue;
      for (const object of entry.objects) await store.delete(object);
      removed += 1;
    }
  }
  return removed;
}
