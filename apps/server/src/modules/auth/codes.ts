import { randomBytes } from 'node:crypto';
import { LIMITS } from '@makan/contract/limits';
import type { Clock } from '../../lib/clock.ts';
import { Invalid, TooManyRequests } from '../../lib/errors.ts';
import { sameHash, sha256 } from '../../lib/hash.ts';
import type { Random } from '../../lib/random.ts';
import type { RateLimits, Rule } from '../rate-limit/rate-limit.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { codeEmail, codeSms } from './auth.messages.ts';
import type { AuthRepository, Channel, CodeRow, Purpose } from './auth.repository.ts';
import type { Notifier } from './auth.service.ts';

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

/**
 * Sends a user a new 4-digit code (closing their older ones of that channel and purpose), the one way
 * every code is sent: refused within a minute of the last one (`openOnly`: of the last one still
 * open), after the rate limits `limitHits`, to `to` (the account's own address unless a new one is
 * being proved, which is then stored as the code's `target`). Answers the seconds until the next.
 */
export function createCodeSender({
  auth,
  limits,
  clock,
  random,
  notifier,
}: {
  auth: AuthRepository;
  limits: RateLimits;
  clock: Clock;
  random: Random;
  notifier: Notifier;
}) {
  return async function sendCode({
    user,
    channel,
    purpose,
    limitHits,
    to = channel === 'email' ? user.email : user.phone,
    target,
    openOnly = false,
  }: {
    user: UserRow;
    channel: Channel;
    purpose: Purpose;
    limitHits: ReadonlyArray<readonly [string, Rule]>;
    to?: string;
    target?: string;
    openOnly?: boolean;
  }): Promise<number> {
    const now = clock.now();
    const latest = await auth.latestCode(user.id, channel, purpose);
    if (latest && !(openOnly && latest.closedAt)) {
      const waitMs = latest.createdAt.getTime() + LIMITS.verificationResendMs - now.getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new TooManyRequests(seconds, { code: 'otpResendWait', params: { seconds } });
      }
    }
    for (const [key, rule] of limitHits) await limits.hit(key, rule);
    const code = random.code();
    const salt = randomBytes(16).toString('hex');
    await auth.replaceCode({
      userId: user.id,
      channel,
      purpose,
      ...(target !== undefined ? { target } : {}),
      salt,
      codeHash: hashCode(salt, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIMITS.verificationCodeTtlMs),
    });
    if (channel === 'email') await notifier.email(to, codeEmail(user.language, purpose, user.name, code));
    else await notifier.sms(to, codeSms(user.language, purpose, code));
    return LIMITS.verificationResendMs / 1000;
  };
}
