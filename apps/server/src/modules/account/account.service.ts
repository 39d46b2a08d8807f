import type { ContactChannel } from '@makan/contract/account';
import type { FullUser } from '@makan/contract/auth';
import { normalizePhone } from '@makan/contract/auth';
import type { Clock } from '../../lib/clock.ts';
import { Invalid, Unauthorized } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { Random } from '../../lib/random.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import { type Notifier, type PasswordGuard, RULES, type Session } from '../auth/auth.service.ts';
import { createCodeSender, createCodeTaker } from '../auth/codes.ts';
import type { RateLimits } from '../rate-limit/rate-limit.service.ts';
import { type UserRow, type UsersRepository, uniqueViolation } from '../users/users.repository.ts';
import {
  type AccountEvent,
  accountEmail,
  accountSms,
  contactChangedEmail,
  contactChangedSms,
} from './account.messages.ts';

type Deps = {
  users: UsersRepository;
  auth: AuthRepository;
  limits: RateLimits;
  hasher: PasswordHasher;
  notifier: Notifier;
  clock: Clock;
  random: Random;
  /** The login's count of wrong passwords and its lock, shared with every re-ask of the password. */
  passwordGuard: Pick<PasswordGuard, 'before'> & { failed: (user: UserRow) => Promise<void> };
  /** The full user of spec §3 for its owner. */
  describeUser: (userId: number) => Promise<FullUser>;
  /** Told which sessions ended, so their live sockets close too (on every process). */
  sessionsEnded: (userId: number, keepTokenHash: string | null) => void;
};

/** What a signed-in user changes about their own account: password, sessions. */
export function createAccountService({
  users,
  auth,
  limits,
  hasher,
  notifier,
  clock,
  random,
  passwordGuard,
  describeUser,
  sessionsEnded,
}: Deps) {
  const takeCode = createCodeTaker({ auth, limits, clock, failures: RULES.failuresPerAccount });
  const sendCode = createCodeSender({ auth, limits, clock, random, notifier });

  async function owner(session: Session): Promise<UserRow> {
    await limits.hit(`account:user:${session.userId}`, RULES.accountChangesPerUser);
    const user = await users.findById(session.userId);
    if (!user) throw new Unauthorized();
    return user;
  }

  /**
   * Checks the password asked again, counted with the login failures of the account: a stolen
   * session cannot guess the password faster than the login page could.
   */
  async function confirmPassword(user: UserRow, password: string, field: string): Promise<void> {
    await passwordGuard.before(`user:${user.id}`);
    if (!(await hasher.verify(password, user.passwordHash))) {
      await passwordGuard.failed(user);
      throw new Invalid({ [field]: 'currentPasswordWrong' }, 'currentPasswordWrong');
    }
  }

  /** Tells the owner on each verified address; a failed delivery does not undo the change. */
  async function tell(user: UserRow, event: AccountEvent): Promise<void> {
    const sends: Promise<void>[] = [];
    if (user.emailVerifiedAt)
      sends.push(notifier.email(user.email, accountEmail(user.language, event, user.name)));
    if (user.phoneVerifiedAt) sends.push(notifier.sms(user.phone, accountSms(user.language, event)));
    await Promise.allSettled(sends);
  }

  const takenText = (channel: ContactChannel) => (channel === 'email' ? 'emailTaken' : 'phoneTaken');

  return {
    /**
     * Step 1 of a contact change: after the password, a code goes to the new address (refused when
     * it is the current one or another account's). Nothing of the account changes until step 2.
     */
    async requestContactChange(
      session: Session,
      channel: ContactChannel,
      value: string,
      currentPassword: string,
    ) {
      const user = await owner(session);
      const target = channel === 'email' ? value : value.trim();
      const key = channel === 'email' ? target : normalizePhone(target);
      const current = channel === 'email' ? user.email : user.phoneNormalized;
      if (key === current) throw new Invalid({ value: channel === 'email' ? 'sameEmail' : 'samePhone' });
      await confirmPassword(user, currentPassword, 'current_password');
      const taken = channel === 'email' ? await users.findByEmail(key) : await users.findByPhone(key);
      if (taken) throw new Invalid({ value: takenText(channel) });

      const retryAfter = await sendCode({
        user,
        channel,
        purpose: 'contact_change',
        limitHits: [[`send:${channel}:${key}`, RULES.sendPerIdentifier]],
        to: target,
        target,
        // A change already made does not hold the next one back.
        openOnly: true,
      });
      return { channel, value: target, retry_after_seconds: retryAfter };
    },

    /** Step 2: the code from the new address; then the change is made and the old address told. */
    async confirmContactChange(session: Session, channel: ContactChannel, code: string) {
      const user = await owner(session);
      const row = await takeCode(user.id, channel, 'contact_change', code);
      const now = clock.now();
      // Every contact-change code is sent with the address it is for.
      const target = row.target;
      if (!target) throw new Invalid({ code: 'otpExpired' });
      try {
        await users.changeContact(
          user.id,
          channel === 'email'
            ? { email: target }
            : { phone: target, phoneNormalized: normalizePhone(target) },
          now,
        );
      } catch (err) {
        // Another account registered the address between the code and now.
        if (!uniqueViolation(err)) throw err;
        throw new Invalid({ code: takenText(channel) }, takenText(channel));
      }
      // The old address is told, so a change made with a stolen session and password does not go unseen.
      const told =
        channel === 'email'
          ? notifier.email(user.email, contactChangedEmail(user.language, channel, user.name, target))
          : notifier.sms(user.phone, contactChangedSms(user.language, channel));
      await told.catch(() => undefined);
      return describeUser(user.id);
    },

    async changePassword(session: Session, currentPassword: string, password: string) {
      const user = await owner(session);
      await confirmPassword(user, currentPassword, 'current_password');
      const passwordHash = await hasher.hash(password);
      const ended = await auth.changePassword(user.id, passwordHash, session.tokenHash, clock.now());
      sessionsEnded(user.id, session.tokenHash);
      await tell(user, 'password_changed');
      return { sessions_ended: ended };
    },

    /** Ends every session of the user, this one included. */
    async signOutEverywhere(session: Session) {
      const user = await owner(session);
      const ended = await auth.revokeAllTokens(user.id, clock.now());
      sessionsEnded(user.id, null);
      await tell(user, 'signed_out_everywhere');
      return { sessions_ended: ended };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
