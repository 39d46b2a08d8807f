import multipart, { type MultipartFile } from '@fastify/multipart';
import { LIMITS } from '@makan/contract/limits';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './http.ts';

/** What one form may hold, besides files of at most `LIMITS.fileMaxBytes` (spec §5: 10 MB). */
export interface FormLimits {
  files: number;
  fields: number;
  /** Bytes of one text field (Arabic is two a character, emoji four). */
  fieldSize: number;
  parts: number;
}

/**
 * Registers routes that read multipart forms, in a context of their own: only they parse multipart
 * bodies, with these limits (a file over 10 MB is refused by `readForm`, not cut short).
 */
export function multipartRoutes(app: App, limits: FormLimits, routes: (scope: App) => void): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: LIMITS.fileMaxBytes, headerPairs: 100, ...limits },
      throwFileSizeLimit: true,
    });
    routes(scope);
  });
}

/** A file's bytes as a reader took them in: `size` says how many, `dispose` drops what was kept for it. */
export interface Received<B> {
  body: B;
  size: number;
  dispose?: () => Promise<void>;
}

/** Takes a file in memory (at most the 10 MB limit). */
export async function inMemory(part: MultipartFile): Promise<Received<Buffer>> {
  const body = await part.toBuffer();
  return { body, size: body.length };
}

/** One non-empty file of the form, as received, with the name its sender gave it (uncleaned). */
export interface FormFile<B> {
  field: string;
  filename: string | undefined;
  body: B;
  /** Its place among the files kept so far (0 for the first). */
  index: number;
}

export interface FormReading<B, T> {
  /** Field names a file may come under; files under other names are read and dropped. */
  fileFields: ReadonlySet<string>;
  /** Files kept at most; past them, `tooMany` is thrown, or without it further files are dropped. */
  maxFiles: number;
  tooMany?: () => Error;
  /** The refusal of a file over the size limit. */
  tooLarge: () => Error;
  /** The refusal of a request that is not a multipart form. */
  notMultipart: () => Error;
  /** How a file's bytes are taken in: `inMemory`, or to disk for one that should not wait in memory. */
  receive: (part: MultipartFile) => Promise<Received<B>>;
  /** Checks and stores one file; what it answers is given back to `discard` if the form then fails. */
  keep: (file: FormFile<B>) => Promise<T>;
  discard: (kept: T) => Promise<void>;
}

const isFileTooLarge = (err: unknown) =>
  err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The one multipart reader. Reads the form part by part: text fields (the first value of each
 * name), and each file, one at a time: taken in, checked against the size limit (the parser flags a
 * file cut at the limit rather than always throwing), skipped when empty (an empty file input still
 * sends a part), then kept. Whatever fails half-way, the files kept so far are discarded before the
 * error goes on: a form is stored whole or not at all.
 */
export async function readForm<B, T>(
  request: FastifyRequest,
  reading: FormReading<B, T>,
): Promise<{ fields: Record<string, string>; files: T[] }> {
  if (!request.isMultipart()) throw reading.notMultipart();
  const fields: Record<string, string> = {};
  const files: T[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!(part.fieldname in fields) && typeof part.value === 'string')
          fields[part.fieldname] = part.value;
        continue;
      }
      const full = files.length >= reading.maxFiles;
      if (!reading.fileFields.has(part.fieldname) || (full && !reading.tooMany)) {
        part.file.resume();
        continue;
      }
      if (full && reading.tooMany) throw reading.tooMany();
      const kept = await keepOne(part, files.length, reading);
      if (kept !== undefined) files.push(kept.value);
    }
  } catch (err) {
    // Discarding is best effort: the failure that stopped the form is what the client hears of.
    for (const kept of files) await reading.discard(kept).catch(() => undefined);
    throw isFileTooLarge(err) ? reading.tooLarge() : err;
  }
  return { fields, files };
}

/** One file part taken in, checked and kept; undefined when it was empty. */
async function keepOne<B, T>(
  part: MultipartFile,
  index: number,
  reading: FormReading<B, T>,
): Promise<{ value: T } | undefined> {
  const received = await reading.receive(part);
  try {
    if (part.file.truncated) throw reading.tooLarge();
    if (received.size === 0) return undefined;
    const value = await reading.keep({
      field: part.fieldname,
      filename: part.filename,
      body: received.body,
      index,
    });
    return { value };
  } finally {
    await received.dispose?.();
  }
}
