/** The popup's size (spec §2). */
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 700;
/** The window name: a second click reuses the same popup instead of opening another. */
export const POPUP_NAME = 'makan-linkedin';

/** What /linkedin-callback hands its opener through postMessage. */
export interface LinkedinMessage {
  type: 'makan:linkedin-callback';
  code: string | null;
  state: string | null;
  error: string | null;
  error_description: string | null;
}

const stringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * A message event's data as a LinkedinMessage (unknown keys dropped), or null. Read by hand: the
 * LinkedIn button is on /login, whose first load carries no zod (issue 17).
 */
export function readLinkedinMessage(data: unknown): LinkedinMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const field = (name: string): unknown => (name in data ? Reflect.get(data, name) : undefined);
  const [type, code, state, error, errorDescription] = [
    field('type'),
    field('code'),
    field('state'),
    field('error'),
    field('error_description'),
  ];
  if (type !== 'makan:linkedin-callback') return null;
  if (!stringOrNull(code) || !stringOrNull(state) || !stringOrNull(error) || !stringOrNull(errorDescription))
    return null;
  return { type, code, state, error, error_description: errorDescription };
}

export function callbackParams(params: URLSearchParams): LinkedinMessage {
  return {
    type: 'makan:linkedin-callback',
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error'),
    error_description: params.get('error_description'),
  };
}

/** A return from LinkedIn (spec §2): code and state, or an error. */
export function isCallback(result: LinkedinMessage): boolean {
  return Boolean(result.error || (result.code && result.state));
}

export type CallbackCheck =
  | { ok: true; body: { code: string; state: string } }
  | { ok: false; reason: 'failed'; detail: string | null }
  | { ok: false; reason: 'state' };

/** Whether a return may be exchanged: no provider error, and the state this browser stored. */
export function checkCallback(result: LinkedinMessage, storedState: string | null): CallbackCheck {
  if (result.error || !result.code || !result.state) {
    return { ok: false, reason: 'failed', detail: result.error_description };
  }
  if (!storedState || result.state !== storedState) return { ok: false, reason: 'state' };
  return { ok: true, body: { code: result.code, state: result.state } };
}

export function stateOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('state');
  } catch {
    return null;
  }
}

/** `window.open` features of a 600 × 700 popup centred over this window. */
export function popupFeatures(view: Window = window): string {
  const left = Math.max(0, Math.round(view.screenX + (view.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(view.screenY + (view.outerHeight - POPUP_HEIGHT) / 2));
  return `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/** The window that opened this one, when it is ours (same origin) and still open. */
export function sameOriginOpener(view: Window = window): Window | null {
  const opener: Window | null = view.opener;
  if (!opener || opener === view || opener.closed) return null;
  try {
    return opener.location.origin === view.location.origin ? opener : null;
  } catch {
    // Reading another origin's location throws: not ours.
    return null;
  }
}
