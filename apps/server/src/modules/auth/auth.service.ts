import type { FullUser, Language, OtpType, VerificationInfo } from '@makan/contract/auth';
import {
  identifierKind,
  normalizeEmail,
  normalizeIdentifier,
  normalizePhone,
} from '@makan/contract/identifier';
import { LIMITS } from '@makan/contract/limits';
import { SUSPENDED_FOREVER } from '@makan/contract/moderation';
import { TEXT } from '@makan/contract/texts';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden, Invalid, type Text, TooManyRequests, Unauthorized } from '../../lib/errors.ts';
import { sha256 } from '../../lib/hash.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { Random } from '../../lib/random.ts';
import type { RateLimits, Rule } from '../rate-limit/rate-limit.service.ts';
import {
  type NewUser,
  type UserRow,
  type UsersRepository,
  uniqueViolation,
} from '../users/users.repository.ts';
import { isVerified, toMinimalUser, verificationInfoOf } from '../users/users.view.ts';
import { lockedEmail, lockedSms } from './auth.messages.ts';
import type { AuthRepository, Channel, Purpose } from './auth.repository.ts';
import { createCodeSender, createCodeTaker } from './codes.ts';

const MINUTE = 60_000;
const minutesText = (seconds: number): Text => ({
  code: 'tooManyAttempts',
  params: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
});

/** Every limit is checked before any password hashing or code comparison. */
export const RULES = {
  registerPerIp: { limit: 10, windowMs: 60 * MINUTE, message: minutesText },
  sendPerIdentifier: { limit: 5, windowMs: 60 * MINUTE, message: minutesText },
  sendPerIp: { limit: 20, windowMs: 60 * MINUTE, message: minutesText },
  /** Requests for a code (resend, forgot password) from one address, sent or not. */
  askPerIp: { limit: 40, windowMs: 60 * MINUTE, message: minutesText },
  tryPerIdentifier: { limit: 10, windowMs: 10 * MINUTE, message: minutesText },
  tryPerIp: { limit: 50, windowMs: 10 * MINUTE, message: minutesText },
  failuresPerAccount: {
    limit: LIMITS.verificationFailuresPerDay,
    windowMs: 24 * 60 * MINUTE,
    message: minutesText,
  },
  loginPerIp: { limit: 60, windowMs: 15 * MINUTE, message: minutesText },
  /**
   * Wrong passwords per account in a day; the tenth locks the account (`loginLock`), and so does
   * each further one that day once a lock has passed.
   */
  loginFailuresPerIdentifier: { limit: 10, windowMs: 24 * 60 * MINUTE, message: minutesText },
  /** The lock: 15 minutes for everyone, the owner included, unless they sign in with a code (`unlock`). */
  loginLock: {
    limit: 1,
    windowMs: 15 * MINUTE,
    message: (seconds: number): Text => ({
      code: 'accountLocked',
      params: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    }),
  },
  /** Signed-in account changes (password, sign out everywhere), per user. */
  accountChangesPerUser: { limit: 10, windowMs: 60 * MINUTE, message: minutesText },
} satisfies Record<string, Rule>;
/**
 * Wrong passwords counted against one account (`user:<id>`, or an unknown identifier's normal form),
 * at login and wherever the password is asked again: ten in a day lock it for 15 minutes.
 */
export function createPasswordGuard(limits: RateLimits) {
  const failuresKey = (account: string) => `login-fail:${account}`;
  const lockKey = (account: string) => `login-lock:${account}`;
  return {
    /** Refuses while the account is locked; answers its failures today (for slowing down). */
    async before(account: string): Promise<number> {
      await limits.check(lockKey(account), RULES.loginLock);
      return limits.count(failuresKey(account), RULES.loginFailuresPerIdentifier);
    },
    /** Counts a wrong password; answers whether it locked the account. */
    async failed(account: string): Promise<boolean> {
      const failures = await limits.record(failuresKey(account), RULES.loginFailuresPerIdentifier);
      if (failures < RULES.loginFailuresPerIdentifier.limit) return false;
      await limits.record(lockKey(account), RULES.loginLock);
      return true;
    },
    /** A right password forgives the day's failures (a lock in force was checked before). */
    async succeeded(account: string): Promise<void> {
      await limits.clear(failuresKey(account));
    },
  };
}

export type PasswordGuard = ReturnType<typeof createPasswordGuard>;

/** Failed logins after which each further try is answered more slowly. */
const SLOW_AFTER = 3;

export type Notifier = {
  email: (to: string, message: { subject: string; text: string }) => Promise<void>;
  sms: (to: string, text: string) => Promise<void>;
};

type Deps = {
  users: UsersRepository;
  auth: AuthRepository;
  limits: RateLimits;
  hasher: PasswordHasher;
  notifier: Notifier;
  clock: Clock;
  random: Random;
  sleep: (ms: number) => Promise<void>;
  /** The full user of spec §3 for its owner (profile, follows, preferences). */
  describeUser: (userId: number) => Promise<FullUser>;
  /**
   * Called at every sign-in: cancels a pending account deletion (issue 20); answers whether one
   * was cancelled.
   */
  afterSignIn?: (userId: number) => Promise<boolean>;
  /** Called at every sign-in with the account: ADMIN_EMAILS makes its accounts admins (issue 21). */
  promoteOnSignIn?: (user: Pick<UserRow, 'id' | 'email' | 'role' | 'name'>) => Promise<void>;
};

/** A live session: whose, which token, and until when it holds unless used again. */
export type Session = { userId: number; tokenHash: string; expiresAt: Date };

function purposeOf(type: OtpType): Purpose {
  return type === 'password_reset' || type === 'reset' ? 'password_reset' : 'registration';
}

/** One key per email or phone however it is written (case, spaces, Arabic-Indic digits). */
function identifierKey(identifier: string): string {
  return `${identifierKind(identifier)}:${normalizeIdentifier(identifier)}`;
}

export function createAuthService({
  users,
  auth,
  limits,
  hasher,
  notifier,
  clock,
  random,
  sleep,
  describeUser,
  afterSignIn = async () => false,
  promoteOnSignIn = async () => {},
}: Deps) {
  const passwordGuard = createPasswordGuard(limits);
  const takeCode = createCodeTaker({ auth, limits, clock, failures: RULES.failuresPerAccount });
  /** A wrong password that locks the account is told to its owner, with the way in (a code). */
  async function failedPassword(user: UserRow | undefined, account: string): Promise<void> {
    if (!(await passwordGuard.failed(account)) || !user) return;
    const sends: Promise<void>[] = [notifier.email(user.email, lockedEmail(user.language, user.name))];
    if (user.phoneVerifiedAt) sends.push(notifier.sms(user.phone, lockedSms(user.language)));
    await Promise.allSettled(sends);
  }
  async function findByIdentifier(identifier: string): Promise<UserRow | undefined> {
    return identifierKind(identifier) === 'email'
      ? users.findByEmail(normalizeEmail(identifier))
      : users.findByPhone(normalizePhone(identifier));
  }

  function notFound(text?: Text): never {
    throw new Invalid({ identifier: 'identifierNotFound' }, text);
  }

  const issueCode = createCodeSender({ auth, limits, clock, random, notifier });
  /** Creates a code (closing older ones) and sends it; refuses within a minute of the last one. */
  function sendCode(user: UserRow, channel: Channel, purpose: Purpose, ip: string): Promise<number> {
    const address = channel === 'email' ? user.email : user.phoneNormalized;
    return issueCode({
      user,
      channel,
      purpose,
      limitHits: [
        [`send:${channel}:${address}`, RULES.sendPerIdentifier],
        [`send:ip:${ip}`, RULES.sendPerIp],
      ],
    });
  }

  function channelsToVerify(user: UserRow): Channel[] {
    const wanted: Channel[] =
      user.verificationMethod === 'both' ? ['email', 'phone'] : [user.verificationMethod];
    return wanted.filter((c) => (c === 'email' ? user.emailVerifiedAt : user.phoneVerifiedAt) === null);
  }

  /** The refusal of a suspended account's sign-in, in the catalogue's words; undefined when none. */
  function suspensionOf(user: Pick<UserRow, 'suspendedUntil'>, now: Date): Text | undefined {
    const until = user.suspendedUntil;
    if (!until || until <= now) return undefined;
    if (until.toISOString() >= SUSPENDED_FOREVER) return 'accountSuspendedForever';
    return { code: 'accountSuspended', params: { date: until.toISOString().slice(0, 10) } };
  }

  async function issueToken(userId: number): Promise<string> {
    const now = clock.now();
    const token = random.token();
    await auth.insertToken(userId, sha256(token), now, new Date(now.getTime() + LIMITS.tokenTtlMs));
    return token;
  }

  /**
   * A new session for a signed-in user: the token, the user, and whether a deletion was cancelled
   * (asked of the account module only when the row read for this sign-in has one pending).
   */
  async function openSession(
    user: Pick<UserRow, 'id' | 'deletionDueAt' | 'suspendedUntil' | 'email' | 'role' | 'name'>,
  ) {
    // A suspended account gets no session (issue 21), however it signs in.
    const suspended = suspensionOf(user, clock.now());
    if (suspended) throw new Forbidden(suspended);
    await promoteOnSignIn(user);
    const token = await issueToken(user.id);
    const cancelled = user.deletionDueAt !== null && (await afterSignIn(user.id));
    return { token, user: await describeUser(user.id), ...(cancelled ? { deletion_cancelled: true } : {}) };
  }

  return {
    openSession,
    /** For every place that asks for the password again: the same count, lock and notice as login. */
    passwordGuard: { ...passwordGuard, failed: (user: UserRow) => failedPassword(user, `user:${user.id}`) },

    async register(
      input: {
        name: string;
        email: string;
        phone: string;
        password: string;
        user_type: NewUser['userType'];
        verification_method?: VerificationInfo['method'] | undefined;
        language?: Language | undefined;
      },
      ip: string,
      language: Language,
    ) {
      await limits.hit(`register:ip:${ip}`, RULES.registerPerIp);
      const phoneNormalized = normalizePhone(input.phone);
      const taken = await users.emailOrPhoneTaken(input.email, phoneNormalized);
      const takenErrors = () => {
        const errors: Record<string, Text> = {};
        if (taken.email) errors.email = 'emailTaken';
        if (taken.phone) errors.phone = 'phoneTaken';
        return errors;
      };
      if (taken.email || taken.phone) throw new Invalid(takenErrors());
      const passwordHash = await hasher.hash(input.password);
      let user: UserRow;
      try {
        user = await users.insert(
          {
            name: input.name,
            email: input.email,
            phone: input.phone.trim(),
            phoneNormalized,
            userType: input.user_type,
            passwordHash,
            verificationMethod: input.verification_method ?? 'email',
            language: input.language ?? language,
          },
          clock.now(),
        );
      } catch (err) {
        // Another request registered the same email or phone between the check and the insert.
        const constraint = uniqueViolation(err);
        if (!constraint) throw err;
        Object.assign(taken, await users.emailOrPhoneTaken(input.email, phoneNormalized));
        throw new Invalid(takenErrors());
      }
      for (const channel of channelsToVerify(user)) await sendCode(user, channel, 'registration', ip);
      return { user: toMinimalUser(user), verification: verificationInfoOf(user) };
    },

    async resend(identifier: string, type: OtpType, ip: string) {
      await limits.hit(`send-ask:ip:${ip}`, RULES.askPerIp);
      const user = await findByIdentifier(identifier);
      if (!user) notFound();
      const channel = identifierKind(identifier);
      const purpose = purposeOf(type);
      if (purpose === 'registration' && (channel === 'email' ? user.emailVerifiedAt : user.phoneVerifiedAt)) {
        throw new Invalid({ identifier: 'alreadyVerified' }, 'alreadyVerified');
      }
      return { retry_after_seconds: await sendCode(user, channel, purpose, ip) };
    },

    async verifyOtp(identifier: string, code: string, type: OtpType, ip: string) {
      await limits.hit(`try:ip:${ip}`, RULES.tryPerIp);
      await limits.hit(`try:id:${identifierKey(identifier)}`, RULES.tryPerIdentifier);
      const user = await findByIdentifier(identifier);
      if (!user) notFound();
      const channel = identifierKind(identifier);
      if (type === 'email_verification' && channel !== 'email') {
        throw new Invalid({ identifier: 'wrongChannel' });
      }
      const purpose = purposeOf(type);
      await takeCode(user.id, channel, purpose, code);
      const now = clock.now();

      if (purpose === 'password_reset') {
        const resetToken = random.token();
        await auth.insertResetToken(
          user.id,
          sha256(resetToken),
          new Date(now.getTime() + LIMITS.resetTokenTtlMs),
        );
        return { message: TEXT.resetCodeVerified, data: { reset_token: resetToken } };
      }
      const updated = (await users.markVerified(user.id, channel, now)) ?? user;
      const message = isVerified(updated)
        ? TEXT.accountVerified
        : type === 'email_verification' || channel === 'email'
          ? TEXT.emailVerified
          : TEXT.otpVerified;
      return { message, data: { verification: verificationInfoOf(updated) } };
    },

    async login(identifier: string, password: string, ip: string) {
      await limits.hit(`login:ip:${ip}`, RULES.loginPerIp);
      const user = await findByIdentifier(identifier);
      // Counted per account, whichever of its email or phone (in whatever spelling) is typed, so
      // rotating spellings cannot buy more guesses; an unknown identifier counts under its normal form.
      const account = user ? `user:${user.id}` : identifierKey(identifier);
      const failures = await passwordGuard.before(account);
      if (failures >= SLOW_AFTER) await sleep(Math.min(1000 * (failures - SLOW_AFTER + 1), 5000));
      const ok = await hasher.verify(password, user?.passwordHash ?? null);
      if (!user || !ok) {
        await failedPassword(user, account);
        throw new Invalid({ password: 'invalidCredentials' }, 'invalidCredentials');
      }
      await passwordGuard.succeeded(account);
      if (!isVerified(user)) {
        const [channel] = channelsToVerify(user);
        if (channel) {
          await sendCode(user, channel, 'registration', ip).catch((err: unknown) => {
            // A code sent within the last minute is still good: the user enters that one.
            if (!(err instanceof TooManyRequests)) throw err;
          });
        }
        throw new Forbidden('verificationRequired', { verification: verificationInfoOf(user) });
      }
      return openSession(user);
    },

    /** A code to the owner of a locked account (to the email or phone typed), to sign in despite the lock. */
    async sendUnlockCode(identifier: string, ip: string) {
      await limits.hit(`send-ask:ip:${ip}`, RULES.askPerIp);
      const user = await findByIdentifier(identifier);
      if (!user) notFound();
      return { retry_after_seconds: await sendCode(user, identifierKind(identifier), 'unlock', ip) };
    },

    /**
     * Signs the owner in while the lock holds for everyone else: the code proves the email or phone,
     * the password the rest. A wrong password spends one of the code's tries; the lock stays for guessers.
     */
    async unlock(identifier: string, code: string, password: string, ip: string) {
      await limits.hit(`try:ip:${ip}`, RULES.tryPerIp);
      await limits.hit(`try:id:${identifierKey(identifier)}`, RULES.tryPerIdentifier);
      const user = await findByIdentifier(identifier);
      if (!user) notFound();
      // A wrong password with the right code spends one of the code's tries too.
      await takeCode(user.id, identifierKind(identifier), 'unlock', code, async () =>
        (await hasher.verify(password, user.passwordHash))
          ? undefined
          : new Invalid({ password: 'invalidCredentials' }, 'invalidCredentials'),
      );
      if (!isVerified(user))
        throw new Forbidden('verificationRequired', { verification: verificationInfoOf(user) });
      return openSession(user);
    },

    async logout(session: Session) {
      await auth.revokeToken(session.tokenHash, clock.now());
    },

    async forgotPassword(identifier: string, ip: string) {
      await limits.hit(`send-ask:ip:${ip}`, RULES.askPerIp);
      const user = await findByIdentifier(identifier);
      if (!user) notFound('resetNotFound');
      return { retry_after_seconds: await sendCode(user, identifierKind(identifier), 'password_reset', ip) };
    },

    async resetPassword(resetToken: string, password: string, ip: string): Promise<number> {
      await limits.hit(`reset:ip:${ip}`, RULES.tryPerIp);
      const refuse: () => never = () => {
        throw new Invalid({ reset_token: 'resetTokenInvalid' }, 'resetTokenInvalid');
      };
      const tokenHash = sha256(resetToken);
      // Checked before hashing, so a made-up proof costs no password hash.
      if (!(await auth.resetTokenLive(tokenHash, clock.now()))) refuse();
      const passwordHash = await hasher.hash(password);
      const userId = await auth.resetPassword(tokenHash, passwordHash, clock.now());
      if (!userId) refuse();
      return userId;
    },

    /** The session behind a bearer token; renews its expiry at most once a day of use. */
    async authenticate(token: string): Promise<Session> {
      const now = clock.now();
      const tokenHash = sha256(token);
      const row = await auth.findLiveToken(tokenHash, now);
      if (!row) throw new Unauthorized();
      if (now.getTime() - row.lastUsedAt.getTime() > 24 * 60 * MINUTE) {
        const expiresAt = new Date(now.getTime() + LIMITS.tokenTtlMs);
        await auth.renewToken(row.id, now, expiresAt);
        return { userId: row.userId, tokenHash, expiresAt };
      }
      return { userId: row.userId, tokenHash, expiresAt: row.expiresAt };
    },

    async me(userId: number) {
      if (!(await users.findById(userId))) throw new Unauthorized();
      return describeUser(userId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
