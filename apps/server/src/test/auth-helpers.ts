import type { Mailer, MailMessage } from '../adapters/mail.ts';
import type { SmsSender } from '../adapters/sms.ts';
import type { Clock } from '../lib/clock.ts';
import type { Random } from '../lib/random.ts';
import { cryptoRandom } from '../lib/random.ts';

/** A clock the test moves by hand. */
export function manualClock(start = '2026-11-22T09:00:00Z') {
  let now = new Date(start);
  const clock: Clock = { now: () => new Date(now) };
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  return { clock, advance };
}

/** Real random tokens; codes from a queue when the test sets one, else random. */
export function scriptedRandom() {
  const codes: string[] = [];
  const random: Random = { code: () => codes.shift() ?? cryptoRandom.code(), token: cryptoRandom.token };
  return { random, nextCodes: (...values: string[]) => void codes.splice(0, codes.length, ...values) };
}

/** Mail and SMS kept in memory, with the latest code sent to an address. */
export function capturedMessages() {
  const mails: MailMessage[] = [];
  const texts: { to: string; text: string }[] = [];
  const mailer: Mailer = { kind: 'outbox', send: async (m) => void mails.push(m) };
  const sms: SmsSender = { kind: 'outbox', send: async (to, text) => void texts.push({ to, text }) };
  const codeIn = (text: string | undefined) => text?.match(/\b(\d{4})\b/)?.[1];
  return {
    mailer,
    sms,
    mails,
    texts,
    lastEmailCode: (to: string) => codeIn(mails.filter((m) => m.to === to).at(-1)?.text),
    lastSmsCode: (to: string) => codeIn(texts.filter((m) => m.to === to).at(-1)?.text),
  };
}
