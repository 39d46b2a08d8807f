import type { VerificationInfo } from '@makan/contract/auth';
import { identifierKind } from '@makan/contract/identifier';
import { safeRedirect } from '../../lib/session.ts';
import { getItem, removeItem, setItem } from '../../lib/storage.ts';

/** The two code-entry pages of spec §2. */
export type VerificationPath = '/verification' | '/verification-email';

/**
 * Which code an account still has to enter, or null when it is verified. Email first: the default
 * method is email, and 'both' starts with the email code (spec §4).
 */
export function nextVerificationPath(verification: VerificationInfo): VerificationPath | null {
  if (verification.method !== 'phone' && !verification.email_verified) return '/verification-email';
  if (verification.method !== 'email' && !verification.phone_verified) return '/verification';
  return null;
}

/** Keeps where the codes went (spec §3: user email and user phone) for the verification pages. */
export function rememberContact(verification: Pick<VerificationInfo, 'email' | 'phone'>): void {
  setItem('user_email', verification.email);
  setItem('user_phone', verification.phone);
}

/** The reset flow keeps only the identifier that was typed, under the key of its kind. */
export function rememberResetIdentifier(identifier: string): void {
  removeItem('user_email', 'user_phone');
  setItem(identifierKind(identifier) === 'email' ? 'user_email' : 'user_phone', identifier);
}

export function resetIdentifier(): string | null {
  return getItem('user_email') ?? getItem('user_phone');
}

/**
 * What one auth page hands the next through the history state: when a code was sent (so the
 * resend countdown survives a reload) and a notice to show on arrival.
 */
export interface FlowState {
  codeSentAt?: number | undefined;
  notice?: 'verificationRequired' | 'sessionExpired' | undefined;
}

/** The history state as a FlowState, {} when it is not one (read by hand: no zod on /login's first load). */
export function readFlowState(state: unknown): FlowState {
  if (typeof state !== 'object' || state === null) return {};
  const codeSentAt = 'codeSentAt' in state ? state.codeSentAt : undefined;
  const notice = 'notice' in state ? state.notice : undefined;
  if (codeSentAt !== undefined && typeof codeSentAt !== 'number') return {};
  if (notice !== undefined && notice !== 'verificationRequired' && notice !== 'sessionExpired') return {};
  return { codeSentAt, notice };
}

/** `path` with the current page's `redirect` query carried over, when it is safe to follow. */
export function withRedirect(path: string, search: string): string {
  const redirect = safeRedirect(new URLSearchParams(search).get('redirect'));
  return redirect ? `${path}?${new URLSearchParams({ redirect })}` : path;
}

/**
 * Where an expired session goes (spec §8: authentication errors lead to /login): the login page,
 * saying why and keeping the page the user was on to come back to. Null on the login page itself.
 */
export function loginAfterExpiry(where: { pathname: string; search: string; hash: string }): {
  to: string;
  state: FlowState;
} | null {
  if (where.pathname === '/login') return null;
  const here = safeRedirect(where.pathname + where.search + where.hash);
  const to = here && here !== '/' ? `/login?${new URLSearchParams({ redirect: here })}` : '/login';
  return { to, state: { notice: 'sessionExpired' } };
}

/** 'sara@example.com' → 's•••a@example.com': enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? (local[0] ?? '') : `${local[0]}•••${local[local.length - 1]}`;
  return `${local.length <= 2 ? `${shown}•••` : shown}${email.slice(at)}`;
}

/** '+966 50 123 4567' → '+•••••••••567': the last three digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  const plus = digits.startsWith('+') ? '+' : '';
  const bare = digits.replace(/\D/g, '');
  if (bare.length <= 3) return phone;
  return `${plus}${'•'.repeat(bare.length - 3)}${bare.slice(-3)}`;
}
