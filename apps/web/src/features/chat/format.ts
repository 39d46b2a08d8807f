import type { Presence } from '@makan/contract/chat';
import { dateTimeFormat, numberFormat } from '@makan/contract/intl';
import { LIMITS } from '@makan/contract/limits';
import type { TFunction } from 'i18next';
import { relativeTime } from '../../lib/time.ts';
import type { ChatItem } from './state/chat-state.ts';

/** One row of a thread: a date separator, or a message with whether it opens a group. */
export type ThreadRow =
  | { kind: 'date'; key: string; date: Date }
  | { kind: 'message'; key: string; item: ChatItem; groupStart: boolean; groupEnd: boolean };

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/**
 * Date separators between days, and messages grouped while the same sender writes within 5 minutes
 * of the previous message (spec §9 'Message grouping window'). System messages stand alone.
 */
export function threadRows(items: readonly ChatItem[]): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let previous: ChatItem | null = null;
  let lastDay = '';
  const messageRows: Array<Extract<ThreadRow, { kind: 'message' }>> = [];
  for (const item of items) {
    const date = new Date(item.created_at);
    const day = dayKey(date);
    let newDay = false;
    if (day !== lastDay) {
      rows.push({ kind: 'date', key: `date-${day}`, date });
      lastDay = day;
      newDay = true;
    }
    const joins =
      previous !== null &&
      !newDay &&
      previous.sender_id === item.sender_id &&
      previous.type !== 'system' &&
      item.type !== 'system' &&
      date.getTime() - new Date(previous.created_at).getTime() <= LIMITS.messageGroupingMs;
    const last = messageRows.at(-1);
    if (!joins && last) last.groupEnd = true;
    const row = {
      kind: 'message' as const,
      key: item.client_id ? `c-${item.client_id}` : `m-${item.id}`,
      item,
      groupStart: !joins,
      groupEnd: false,
    };
    messageRows.push(row);
    rows.push(row);
    previous = item;
  }
  const last = messageRows.at(-1);
  if (last) last.groupEnd = true;
  return rows;
}

/** A date separator: Today, Yesterday, the weekday within a week, else the date (Intl, the locale's). */
export function dateSeparator(date: Date, t: TFunction, locale: string, now: Date = new Date()): string {
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days <= 0) return t('chat.today');
  if (days === 1) return t('chat.yesterday');
  if (days < 7) return dateTimeFormat(locale, { weekday: 'long' }).format(date);
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

const KIB = 1024;

/**
 * '300 B', '820 kB', '2.4 MB': a file size through Intl's units in the locale's words and digits.
 * Bytes under 1 kB stay bytes (a small file is not '0 kB'); kilo and mega are steps of 1024, as the
 * 10 MB limit is. Bytes use the narrow unit ('B': the short one is the word 'byte'), with a space
 * kept between number and unit.
 */
export function fileSize(bytes: number, locale: string): string {
  const size = Math.max(0, Math.round(bytes));
  if (size < KIB) {
    const parts = numberFormat(locale, {
      style: 'unit',
      unit: 'byte',
      unitDisplay: 'narrow',
    }).formatToParts(size);
    return parts
      .map((part, index) => {
        const next = parts[index + 1];
        // A number and its unit side by side (in either order) get a no-break space between them.
        const touching =
          next &&
          part.type !== 'literal' &&
          next.type !== 'literal' &&
          (part.type === 'unit') !== (next.type === 'unit');
        return touching ? `${part.value}\u00a0` : part.value;
      })
      .join('');
  }
  const megabytes = size >= KIB * KIB;
  const value = megabytes ? size / (KIB * KIB) : size / KIB;
  return numberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** The largest a photo shows in a bubble (px): the bubble fits a 390 px phone. */
const PHOTO_MAX = { width: 288, height: 256 };
/** A photo whose size is not known yet (one being sent) keeps this much room. */
const PHOTO_FALLBACK = { width: 192, height: 144 };

/**
 * The room a chat photo takes before it has loaded: its own shape, scaled down to fit the bubble.
 * Without it an image shows as an empty bubble 0 px wide, which a lazy image never scrolls into
 * view to load (issue 19). Pure.
 */
export function photoBox(width: number | null, height: number | null): { width: number; height: number } {
  if (!width || !height || width <= 0 || height <= 0) return PHOTO_FALLBACK;
  const scale = Math.min(1, PHOTO_MAX.width / width, PHOTO_MAX.height / height);
  return { width: Math.max(48, Math.round(width * scale)), height: Math.max(48, Math.round(height * scale)) };
}

const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const LTR_CHAR = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]/;

/** The direction of a text by its first strong letter (as `dir="auto"` decides), null when none. */
export function textDirection(text: string): 'ltr' | 'rtl' | null {
  for (const char of text) {
    if (RTL_CHAR.test(char)) return 'rtl';
    if (LTR_CHAR.test(char)) return 'ltr';
  }
  return null;
}

/**
 * What the chat header says under the other person's name (issue 19): 'Online', 'Last seen 5 minutes
 * ago' (relative time through Intl), or nothing when their presence is unknown or hidden.
 */
export function presenceLabel(
  presence: Presence | undefined,
  t: TFunction,
  locale: string,
  now: Date = new Date(),
): string | null {
  if (!presence) return null;
  if (presence.online) return t('chat.presence.online');
  if (!presence.last_seen_at) return null;
  const seen = new Date(presence.last_seen_at);
  if (now.getTime() - seen.getTime() < 60_000) return t('chat.presence.lastSeenJustNow');
  return t('chat.presence.lastSeen', { time: relativeTime(seen, locale, now) });
}
