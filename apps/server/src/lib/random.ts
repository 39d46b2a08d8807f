import { randomBytes, randomInt } from 'node:crypto';

/** Randomness comes through here so tests can fix a code or a token. */
export type Random = {
  /** A 4-digit verification code from a cryptographic source. */
  code: () => string;
  /** An opaque token of 256 bits, base64url. */
  token: () => string;
};

export const cryptoRandom: Random = {
  code: () => String(randomInt(0, 10_000)).padStart(4, '0'),
  token: () => randomBytes(32).toString('base64url'),
};
