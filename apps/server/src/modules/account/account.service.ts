import type { Clock } from '../../lib/clock.ts';
import { Invalid, Unauthorized } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import { loginFailuresKey, type Notifier, RULES, type Session } from '../auth/auth.service.ts';
import type { RateLimits } from '../rate-limit/rate-limit.service.ts';
import type { UserRow, UsersRepository } from '../users/users.repository.ts';
import { type AccountEvent, accountEmail, accountSms } from './account.messages.ts';

type Deps = {
  users: UsersRepository;
  auth: AuthRepository;
  limits: RateLimits;
  hasher: PasswordHasher;
  notifier: Notifier;
  clock: Clock;
  /** Told which sessions ended, so their live sockets close too (on every process). */
  sessionsEnded: (userId: number, keepTokenHash: string | null) => void;
};

/** What a signed-in user changes about their own account: password, sessions. */
export function createAccountService({ users, auth, limits, hasher, notifier, clock, sessionsEnded }: Deps) {
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
    const failuresKey = loginFailuresKey(user.id);
    await limits.check(failuresKey, RULES.loginFailuresPerIdentifier);
    if (!(await hasher.verify(password, user.passwordHash))) {
      await limits.record(failuresKey, RULES.loginFailuresPerIdentifier);
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

  return {
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
