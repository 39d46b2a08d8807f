import type { TryLockResult } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ImageStore } from './image-store.ts';
import type { MediaRepository } from './media.repository.ts';

/** How often each process offers to sweep; one at a time does (the lock), the others skip that turn. */
export const MEDIA_SWEEP_EVERY_MS = 60 * 60_000;
/** The advisory lock of the sweep of orphaned images (the start-up lock is 7_261_001, db/client.ts). */
export const MEDIA_SWEEP_LOCK = 7_261_002;
/** Temporary uploads older than this are left by a dead process: none takes an hour to arrive. */
const INCOMING_KEPT_MS = 3_600_000;
/** Images and chat files named by no row after a day: an upload never takes that long to commit. */
const ORPHANS_KEPT_MS = 86_400_000;

export type MediaSweepDeps = {
  images: Pick<ImageStore, 'cleanIncoming' | 'removeUnreferenced'>;
  referenced: MediaRepository['referencedKeys'];
  /** Chat attachments' files (chat-files.ts), swept under the same lock; a structural type, so media does not import chat. */
  chatFiles: {
    removeUnreferenced: (options: {
      referenced: (storageKeys: string[]) => Promise<Set<string>>;
      modifiedBefore: Date;
      signal?: AbortSignal;
    }) => Promise<number>;
  };
  referencedChatFiles: MediaRepository['referencedChatFiles'];
  /** The database's try-lock (db/client.ts): only one node lists and deletes the shared store at once. */
  withTryLock: <T>(key: number, fn: () => Promise<T>) => Promise<TryLockResult<T>>;
  /**
   * Embedded database: nothing else can use this data folder (PGlite is one process), so whatever
   * was written before this process started is left over; with PostgreSQL other processes may share
   * the store and be mid-upload, so only what is older than an upload can take.
   */
  embedded: boolean;
  startedAt: Date;
  now: () => Date;
  log: Pick<Logger, 'info' | 'warn'>;
};

/**
 * What a process killed mid-upload left behind: temporary upload files on this machine's disk (every
 * node cleans its own), and the images of a post or picture it never committed, in the shared store
 * (one node at a time, under the lock), and chat files whose message never committed, under the same
 * lock. Answers what was deleted; `orphans` and `chatOrphans` are null when another node was sweeping.
 */
export async function sweepMedia(deps: MediaSweepDeps, signal: AbortSignal) {
  const now = deps.now().getTime();
  const aged = (ms: number) =>
    deps.embedded ? new Date(Math.max(deps.startedAt.getTime(), now - ms)) : new Date(now - ms);
  const uploads = await deps.images.cleanIncoming({ modifiedBefore: aged(INCOMING_KEPT_MS), signal });
  const swept = await deps.withTryLock(MEDIA_SWEEP_LOCK, async () => {
    const images = await deps.images.removeUnreferenced({
      referenced: deps.referenced,
      modifiedBefore: aged(ORPHANS_KEPT_MS),
      signal,
    });
    const chat = await deps.chatFiles.removeUnreferenced({
      referenced: deps.referencedChatFiles,
      modifiedBefore: aged(ORPHANS_KEPT_MS),
      signal,
    });
    return { images, chat };
  });
  return {
    uploads,
    orphans: swept.ran ? swept.value.images : null,
    chatOrphans: swept.ran ? swept.value.chat : null,
  };
}

/**
 * Sweeps once the server listens (a large store must not delay the start) and then every hour, in
 * the background; `stop` aborts a sweep under way and waits for it. A failed sweep is logged and
 * tried again at the next turn.
 */
export function scheduleMediaSweep(deps: MediaSweepDeps, everyMs = MEDIA_SWEEP_EVERY_MS) {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    running = sweepMedia(deps, stopping.signal)
      .then((removed) => deps.log.info({ ...removed, stopped: stopping.signal.aborted }, 'media sweep done'))
      .catch((err: unknown) => deps.log.warn({ err }, 'media sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      pass();
      timer = setInterval(pass, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
