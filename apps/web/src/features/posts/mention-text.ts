import { MENTIONS_MAX } from '@makan/contract/listing';

/** How far back from the caret a `@name` being typed is looked for (a full name and some). */
const QUERY_MAX = 40;
/** Names are a few words: past this many the text after an `@` is a sentence, not a name being typed. */
const WORDS_MAX = 4;
/** A letter of any script: `@` followed by one opens the picker ('@ ' or '@1' does not). */
const LETTER = /\p{L}/u;

/**
 * The `@name` being typed where the caret is: the `@` starts the text or follows a space, a letter
 * follows it, and no line break comes between it and the caret. Names hold spaces, so the query may
 * too ('@Sara Al'). Undefined when the caret is not in one. Pure.
 */
export function activeMention(text: string, caret: number): { start: number; query: string } | undefined {
  const before = text.slice(Math.max(0, caret - QUERY_MAX - 1), caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return undefined;
  const start = caret - before.length + at;
  const previous = start > 0 ? text.charAt(start - 1) : '';
  if (previous && !/\s/u.test(previous)) return undefined;
  const query = text.slice(start + 1, caret);
  if (!LETTER.test(query.charAt(0)) || /[\n\r]/.test(query) || /\s{2}/.test(query)) return undefined;
  if (query.trim().split(/\s+/).length > WORDS_MAX) return undefined;
  return { start, query };
}

/** The text with the `@query` at `start` replaced by `@Full Name ` and where the caret goes. Pure. */
export function insertMention(text: string, start: number, caret: number, name: string) {
  const inserted = `@${name} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: `${text.slice(0, start)}${inserted}${after}`, caret: start + inserted.length };
}

/**
 * The ids to send with a text: the people picked whose `@Full Name` is still in it, each once, at
 * most MENTIONS_MAX (the server checks the same again). Pure.
 */
export function mentionedIds(text: string, picked: readonly { id: number; name: string }[]): number[] {
  const ids = picked.filter((p) => text.includes(`@${p.name}`)).map((p) => p.id);
  return [...new Set(ids)].slice(0, MENTIONS_MAX);
}
