import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

// 128·N·r bytes are needed; node's default ceiling (32 MiB) refuses N=2^17, r=8.
const maxmem = (N: number, r: number) => 128 * N * r + 32 * 1024 * 1024;

/**
 * scrypt password hashes as `scrypt$N$r$p$salt$hash`. The parameters travel with the hash, so a
 * later change of cost still verifies old hashes. Runs on libuv's thread pool, off the event loop.
 */
export function createPasswordHasher({ cost }: { cost: number }) {
  const r = 8;
  const p = 1;
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16);
      const key = await derive(password, salt, { N: cost, r, p, maxmem: maxmem(cost, r) });
      return ['scrypt', cost, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify(password: string, stored: string | null): Promise<boolean> {
      const parts = stored?.split('$') ?? [];
      if (parts.length !== 6 || parts[0] !== 'scrypt') {
        // Same work as a real check, so a missing password does not answer faster.
        await derive(password, randomBytes(16), { N: cost, r, p, maxmem: maxmem(cost, r) });
        return false;
      }
      const [, n, rr, pp, salt, hash] = parts as [string, string, string, string, string, string];
      const N = Number(n);
      const R = Number(rr);
      const expected = Buffer.from(hash, 'base64url');
      const key = await derive(password, Buffer.from(salt, 'base64url'), {
        N,
        r: R,
        p: Number(pp),
        maxmem: maxmem(N, R),
      });
      return key.length === expected.length && timingSafeEqual(key, expected);
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
