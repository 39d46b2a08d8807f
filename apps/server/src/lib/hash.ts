import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 hex of a high-entropy secret (tokens); never used for passwords. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
