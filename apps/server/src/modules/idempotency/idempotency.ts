import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Invalid } from '../../lib/errors.ts';
import type { IdempotencyClaim, IdempotencyRepository } from './idempotency.repository.ts';

/** A key is kept this long: a repeat within it gets the first answer; after it, the key is new again. */
export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60_000;
/**
 * A claim with no answer and nothing created after this long belongs to a request that died: a
 * repeat takes it over. The claimed work is one transaction, far shorter than this.
 */
const LEASE_MS = 30_000;
/** A repeat waits for the first request's answer, asking this often, for up to the lease and a bit. */
const POLL_MS = 100;
const POLLS = Math.ceil((LEASE_MS + 5_000) / POLL_MS);

/** Visible ASCII, 1–255 characters (a UUID, for instance). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type IdempotentAnswer<T> = { status: number; body: T };

/** The Idempotency-Key header, checked; undefined when the request has none. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header))
    throw new Invalid({ 'Idempotency-Key': 'idempotencyKeyInvalid' }, 'idempotencyKeyInvalid');
  return header;
}

/** A request's fingerprint: its fields (in key order) and its files' own hashes, in order. */
export function fingerprintOf(fields: Record<string, string>, files: readonly string[]): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((k) => [k, fields[k]]);
  return createHash('sha256')
    .update(JSON.stringify({ fields: sorted, files }))
    .digest('hex');
}

type Deps = {
  keys: IdempotencyRepository;
  clock: Clock;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * Runs a creating request once per (user, Idempotency-Key) (issue 24): the key is claimed in the
 * database before anything is created, so a repeat on any node, even while the first is still at
 * work, waits for and answers with the first answer (same status and body); a repeat with another
 * request under the same key is refused (422). A failure that created nothing gives the key up.
 */
export function createIdempotency({
  keys,
  clock,
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
}: Deps) {
  return {
    async run<T>(options: {
      claim: IdempotencyClaim;
      scope: string;
      fingerprint: string;
      /** Creates, recording what it created with recordIdempotentResource in its transaction. */
      work: () => Promise<IdempotentAnswer<T>>;
      /** The answer for a resource created by a request that did not live to keep its answer. */
      committed: (resourceId: number) => Promise<IdempotentAnswer<T>>;
      /** A kept answer's body, read back from the database (JSON) with the route's own schema. */
      parse: (stored: unknown) => T;
    }): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
      const { claim, scope, fingerprint } = options;
      for (let poll = 0; poll <= POLLS; poll++) {
        const now = clock.now();
        const mine = await keys.claim({
          ...claim,
          scope,
          fingerprint,
          now,
          expiredBefore: new Date(now.getTime() - IDEMPOTENCY_KEPT_MS),
          leaseBefore: new Date(now.getTime() - LEASE_MS),
        });
        if (mine) {
          let answer: IdempotentAnswer<T>;
          try {
            answer = await options.work();
          } catch (err) {
            await keys.release(claim).catch(() => undefined);
            throw err;
          }
          await keys.complete(claim, answer.status, answer.body);
          return { ...answer, replayed: false };
        }
        const found = await keys.find(claim);
        if (!found) continue; // given up meanwhile: claim it now
        if (found.scope !== scope || found.fingerprint !== fingerprint)
          throw new Invalid({ 'Idempotency-Key': 'idempotencyKeyReused' }, 'idempotencyKeyReused');
        if (found.statusCode !== null)
          return { status: found.statusCode, body: options.parse(found.response), replayed: true };
        if (found.resourceId !== null) {
          const answer = await options.committed(found.resourceId);
          await keys.complete(claim, answer.status, answer.body);
          return { ...answer, replayed: true };
        }
        await sleep(POLL_MS);
      }
      throw new Conflict('idempotencyKeyInFlight');
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
