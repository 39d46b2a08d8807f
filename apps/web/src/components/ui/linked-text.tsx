import { Fragment } from 'react';

export type TextPart = { text: string } | { text: string; href: string };

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
 * Text with its web addresses as links that open in a new tab, marked as user content
 * (`rel="noopener nofollow ugc"`). Everything else stays text: React escapes it, no HTML is parsed.
 * Each link is left-to-right on its own (an isolate), so an address reads right inside Arabic.
 */
export function LinkedText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        'href' in part ? (
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
