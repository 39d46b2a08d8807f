/**
 * Answers boot.js asked for before the app's scripts ran (app/early-reads.ts names them): each with the
 * address, session and language it was asked with. Taken once; an answer older than a minute, or
 * asked with another session or language, is left alone and the app asks afresh.
 */
export type EarlyRead = {
  url: string;
  token: string;
  language: string;
  at: number;
  response: Promise<Response>;
};

declare global {
  /** Written by public/boot.js. */
  var __makanEarlyReads: EarlyRead[] | undefined;
}

const MAX_AGE_MS = 60_000;

/** The answer on its way for this read, if boot.js asked for exactly it; taken, so only once. */
export function takeEarlyRead(
  url: string,
  token: string | null,
  language: string,
  now: number = performance.now(),
): Promise<Response> | undefined {
  const reads = globalThis.__makanEarlyReads;
  if (!reads || !token) return undefined;
  const index = reads.findIndex((read) => read.url === url);
  if (index < 0) return undefined;
  const [read] = reads.splice(index, 1);
  if (!read || read.token !== token || read.language !== language || now - read.at > MAX_AGE_MS)
    return undefined;
  return read.response;
}
