import { Fragment } from 'react';
import { Link } from 'react-router';

export type TextPart = { text: string } | { text: string; href: string };
/** Someone the text names with `@Full Name` (the server's list for it). */
export type NamedPerson = { id: number; name: string };
type Part = TextPart | { text: string; person: NamedPerson };

/** Something that starts like a web address; what it really is, URL parsing decides below. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than an address ('see https://a.example/x.'). */
const TRAILING = /[.,;:!?'"”’»)\]}>،؛؟…]+$/u;

const OPENING: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const count = (text: string, char: string) => text.split(char).length - 1;

/** Trailing punctuation off, except a closing bracket whose opening one is in the address. */
function trimAddress(candidate: string): string {
  let address = candidate;
  while (TRAILING.test(address)) {
    const last = address.at(-1) ?? '';
    const opening = OPENING[last];
    if (opening && count(address, opening) >= count(address, last)) return address;
    address = address.slice(0, -1);
  }
  return address;
}

/**
 * A user's text split into plain parts and web addresses: http and https only (nothing a browser
 * would run: no javascript:, data: or other schemes), each checked by URL parsing. Pure.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const address = trimAddress(match[0]);
    let href: string | null = null;
    try {
      const url = new URL(address);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > from) parts.push({ text: text.slice(from, start) });
    parts.push({ text: address, href });
    from = start + address.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}

/**
 * A plain part split around the `@Full Name`s of the people it names (longest names first, so
 * '@Sara Al Amin' is not taken for '@Sara'). Pure.
 */
export function mentionParts(text: string, people: readonly NamedPerson[]): Part[] {
  const named = [...people].filter((p) => p.name).sort((a, b) => b.name.length - a.name.length);
  if (named.length === 0) return [{ text }];
  const parts: Part[] = [];
  let from = 0;
  let plainFrom = 0;
  while (from < text.length) {
    const at = text.indexOf('@', from);
    if (at < 0) break;
    const person = named.find((p) => text.startsWith(`@${p.name}`, at));
    if (!person) {
      from = at + 1;
      continue;
    }
    if (at > plainFrom) parts.push({ text: text.slice(plainFrom, at) });
    const end = at + person.name.length + 1;
    parts.push({ text: text.slice(at, end), person });
    from = plainFrom = end;
  }
  if (plainFrom < text.length) parts.push({ text: text.slice(plainFrom) });
  return parts;
}

/**
 * Text with its web addresses as links that open in a new tab, marked as user content
 * (`rel="noopener nofollow ugc"`). Everything else stays text: React escapes it, no HTML is parsed.
 * Each link is left-to-right on its own (an isolate), so an address reads right inside Arabic.
 */
export function LinkedText({
  text,
  linkClassName,
  mentions = [],
}: {
  text: string;
  linkClassName?: string;
  /** People named with `@Full Name`: each becomes a link to their profile (issue 22). */
  mentions?: readonly NamedPerson[];
}) {
  const parts: Part[] = linkParts(text).flatMap((part) =>
    'href' in part ? [part] : mentionParts(part.text, mentions),
  );
  return (
    <>
      {parts.map((part, index) =>
        'person' in part ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
            key={index}
            to={`/user/${part.person.id}`}
            dir="auto"
            className="font-semibold text-primary-700 hover:underline dark:text-primary-300"
            data-testid="mention-link"
          >
            {part.text}
          </Link>
        ) : 'href' in part ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener nofollow ugc"
            dir="ltr"
            className={linkClassName ?? 'break-all underline underline-offset-2 hover:no-underline'}
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
