import { LIMITS } from '@makan/contract/limits';
import type { Clock } from '../../lib/clock.ts';
import { Invalid } from '../../lib/errors.ts';
import { sameHash, sha256 } from '../../lib/hash.ts';
import type { RateLimits, Rule } from '../rate-limit/rate-limit.service.ts';
import type { AuthRepository, Channel, CodeRow, Purpose } from './auth.repository.ts';

/** A code as stored: salted and hashed (the code itself is never kept). */
export function hashCode(salt: string, code: string): string {
  return sha256(`${salt}:${code}`);
}

/**
 * Takes a 4-digit code sent to a user, the one way every code is checked (verification, password
 * reset, unlock, contact change): the newest live code of that channel and purpose, at most
 * `verificationCodeMaxTries` wrong tries on it and `failures` wrong tries on the account; a wrong
 * code (or a refusal from `alsoCheck`, such as a wrong password asked with it) spends a try; a right
 * one is used up, once, even by two requests at the same moment.
 */
export function createCodeTaker({
  auth,
  limits,
  clock,
  failures,
}: {
  auth: AuthRepository;
  limits: RateLimits;
  clock: Clock;
  failures: Rule;
}) {
  return async function takeCode(
    userId: number,
    channel: Channel,
    purpose: Purpose,
    code: string,
    alsoCheck?: () => Promise<Invalid | undefined>,
  ): Promise<CodeRow> {
    const failuresKey = `otp-fail:user:${userId}`;
    await limits.check(failuresKey, failures);
    const now = clock.now();
    const row = await auth.latestCode(userId, channel, purpose);
    if (!row || row.closedAt || row.expiresAt <= now) {
      throw new Invalid({
        code: row && row.attempts >= LIMITS.verificationCodeMaxTries ? 'otpTooManyTries' : 'otpExpired',
      });
    }
    const codeOk = sameHash(hashCode(row.salt, code), row.codeHash);
    const refusal = codeOk && alsoCheck ? await alsoCheck() : undefined;
    if (!codeOk || refusal) {
      const attempts = await auth.addWrongTry(row.id, LIMITS.verificationCodeMaxTries, now);
      await limits.record(failuresKey, failures);
      if (refusal) throw refusal;
      throw new Invalid({
        code: attempts >= LIMITS.verificationCodeMaxTries ? 'otpTooManyTries' : 'otpInvalid',
      });
    }
    if (!(await auth.consumeCode(row.id, now))) throw new Invalid({ code: 'otpExpired' });
    return row;
  };
}
