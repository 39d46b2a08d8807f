import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  type AccountCodeAction,
  type ContactChannel,
  type DataExport,
  type IdentityProof,
} from '@makan/contract/account';
import type { FullUser } from '@makan/contract/auth';
import { normalizePhone } from '@makan/contract/identifier';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Gone, Invalid, NotFound, Unauthorized } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import type { Random } from '../../lib/random.ts';
import type { AuthRepository, Purpose } from '../auth/auth.repository.ts';
import { type Notifier, type PasswordGuard, RULES, type Session } from '../auth/auth.service.ts';
import { createCodeSender, createCodeTaker } from '../auth/codes.ts';
import type { StoredObject } from '../media/media-store.ts';
import type { RateLimits } from '../rate-limit/rate-limit.service.ts';
import { type UserRow, type UsersRepository, uniqueViolation } from '../users/users.repository.ts';
import { hasRealPhone } from '../users/users.view.ts';
import {
  type AccountEvent,
  accountEmail,
  accountSms,
  contactChangedEmail,
  contactChangedSms,
} from './account.messages.ts';
import type { AccountDataRepository, ExportRow } from './account-data.repository.ts';

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
  data: AccountDataRepository;
  /** A prepared archive, read from the shared store (one object per export); undefined when missing. */
  openExport: (fileKey: string) => Promise<StoredObject | undefined>;
  /** Asks the background jobs to look for work now (a new export). */
  kickJobs: () => void;
};

const DAY_MS = 86_400_000;

/** Each action's own code: one sent to delete the account cannot change its email. */
const CODE_PURPOSES = {
  password: 'account_password',
  contact_change: 'account_contact',
  deletion: 'account_deletion',
} as const satisfies Record<AccountCodeAction, Purpose>;

/** An export as its owner sees it; the link only while it can be downloaded. */
export function exportView(row: ExportRow, now: Date): DataExport {
  const live = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    status: row.status,
    requested_at: row.requestedAt.toISOString(),
    ready_at: row.status === 'ready' ? (row.finishedAt?.toISOString() ?? null) : null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    download_url: live ? `/api/account/export/${row.fileKey}` : null,
    file_size: row.fileSize,
  };
}

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
  data,
  openExport,
  kickJobs,
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

  /**
   * The proof asked before a change of who can get in: the password when the account has one,
   * else (LinkedIn only) the code sent for this action by `sendProofCode`.
   */
  async function confirmIdentity(user: UserRow, proof: IdentityProof, action: AccountCodeAction) {
    if (user.passwordHash) {
      if (!proof.current_password) throw new Invalid({ current_password: 'required' });
      await confirmPassword(user, proof.current_password, 'current_password');
      return;
    }
    if (!proof.code) throw new Invalid({ code: 'required' });
    await takeCode(user.id, 'email', CODE_PURPOSES[action], proof.code);
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
      proof: IdentityProof,
    ) {
      const user = await owner(session);
      const target = channel === 'email' ? value : value.trim();
      const key = channel === 'email' ? target : normalizePhone(target);
      const current = channel === 'email' ? user.email : user.phoneNormalized;
      if (key === current) throw new Invalid({ value: channel === 'email' ? 'sameEmail' : 'samePhone' });
      await confirmIdentity(user, proof, 'contact_change');
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
      // The old address is told, so a change made with a stolen session and password does not go unseen;
      // a LinkedIn account's first phone replaces a placeholder nobody can be told at.
      const told =
        channel === 'email'
          ? notifier.email(user.email, contactChangedEmail(user.language, channel, user.name, target))
          : hasRealPhone(user)
            ? notifier.sms(user.phone, contactChangedSms(user.language, channel))
            : Promise.resolve();
      await told.catch(() => undefined);
      return describeUser(user.id);
    },

    /** A new password (or, for an account without one, its first): other sessions end. */
    async changePassword(session: Session, proof: IdentityProof, password: string) {
      const user = await owner(session);
      const first = !user.passwordHash;
      await confirmIdentity(user, proof, 'password');
      const passwordHash = await hasher.hash(password);
      const ended = await auth.changePassword(user.id, passwordHash, session.tokenHash, clock.now());
      sessionsEnded(user.id, session.tokenHash);
      await tell(user, first ? 'password_set' : 'password_changed');
      return { first, sessions_ended: ended };
    },

    /**
     * For an account without a password (LinkedIn only): a code to its email, the proof asked for
     * before the action (setting a password, changing the email or phone, deleting the account).
     */
    async sendProofCode(session: Session, action: AccountCodeAction) {
      const user = await owner(session);
      if (user.passwordHash) throw new Invalid({ current_password: 'required' });
      const retryAfter = await sendCode({
        user,
        channel: 'email',
        purpose: CODE_PURPOSES[action],
        limitHits: [[`send:email:${user.email}`, RULES.sendPerIdentifier]],
      });
      return { action, value: user.email, retry_after_seconds: retryAfter };
    },

    /**
     * Schedules the account's erasure after the grace period: the password asked again (or, without
     * one, the emailed code); every session and socket ends; any sign-in before then cancels it.
     */
    async requestDeletion(session: Session, proof: IdentityProof) {
      const user = await owner(session);
      await confirmIdentity(user, proof, 'deletion');
      const now = clock.now();
      const due = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
      await data.scheduleDeletion(user.id, due);
      await auth.revokeAllTokens(user.id, now);
      sessionsEnded(user.id, null);
      await tell(user, 'deletion_scheduled');
      return { deletion_due_at: due.toISOString() };
    },

    /** Asks for a copy of the user's data, prepared in the background; one at a time. */
    async requestExport(session: Session) {
      const user = await owner(session);
      const row = await data.requestExport(user.id, randomBytes(16).toString('hex'), clock.now());
      if (!row) throw new Conflict('dataExportBusy');
      kickJobs();
      return exportView(row, clock.now());
    },

    async latestExport(session: Session) {
      const row = await data.latestExport(session.userId);
      return { export: row ? exportView(row, clock.now()) : null };
    },

    /** The archive's file, to its owner only, while the link lives. */
    async exportDownload(session: Session, fileKey: string) {
      const row = await data.exportByKey(fileKey);
      if (!row || row.userId !== session.userId || row.status !== 'ready')
        throw new NotFound('dataExportNotFound');
      if (!row.expiresAt || row.expiresAt <= clock.now()) throw new Gone('dataExportExpired');
      const object = await openExport(row.fileKey);
      if (!object) throw new NotFound('dataExportNotFound');
      return {
        object,
        fileName: `makan-data-${row.finishedAt?.toISOString().slice(0, 10) ?? 'export'}.json`,
      };
    },

    /** At every sign-in: a pending deletion is cancelled, and the owner told. */
    async keepAccount(userId: number): Promise<boolean> {
      if (!(await data.cancelDeletion(userId))) return false;
      const user = await users.findById(userId);
      if (user) await tell(user, 'deletion_cancelled');
      return true;
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
