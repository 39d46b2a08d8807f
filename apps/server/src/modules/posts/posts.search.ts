import { normalizeSearchText } from '@makan/contract/cities';

/**
 * Arabic attaches "and" (و), "the" (ال) and "with/by the" (بال…) to the word, and no stemmer here
 * removes them reliably (the Snowball 'arabic' config keeps some). Both sides are indexed and
 * queried as the folded word and the word without such a prefix, so "والمستودعات", "المستودعات"
 * and "مستودعات" meet. Longest first; the rest must stay a word (two letters or more).
 */
const ARABIC_PREFIXES = ['وال', 'بال', 'فال', 'كال', 'لل', 'ال', 'و'] as const;

export function withoutArabicPrefix(word: string): string {
  for (const prefix of ARABIC_PREFIXES) {
    if (word.startsWith(prefix) && word.length - prefix.length >= 2) return word.slice(prefix.length);
  }
  return word;
}

/** The folded words of a text (normalizeSearchText: case, diacritics, alef/ta marbuta/ya forms). */
export function searchWords(text: string): string[] {
  return normalizeSearchText(text).split(' ').filter(Boolean);
}

/**
 * What a post stores to be found by: every folded word and, when it differs, its bare form.
 * Repeats are kept: how often a word occurs is what ts_rank ranks by.
 */
export function searchTextOf(parts: readonly (string | null | undefined)[]): string {
  const out: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    for (const word of searchWords(part)) {
      out.push(word);
      const bare = withoutArabicPrefix(word);
      if (bare !== word) out.push(bare);
    }
  }
  return out.join(' ');
}

/** A last word shorter than this is matched whole: one letter would match almost every post. */
const PREFIX_MIN = 2;

/**
 * A to_tsquery('simple', …) text for a keyword: every word must match, as typed or without its
 * prefix; the last word also as the start of a longer one (`:*`), so a search finds what is
 * being typed ('Cowork' → 'coworking', 'مستود' → 'مستودعات'). The planner cannot estimate how many
 * rows a prefix matches, but the search runs in materialised CTEs that do not let it choose
 * (posts.repository.ts searchIdsQuery): a prefix is read from the GIN index like a word.
 * Folded words hold only letters and digits, so nothing in them is tsquery syntax. Null when
 * nothing searchable is left.
 */
export function toTsQuery(keyword: string): string | null {
  const words = searchWords(keyword).slice(0, 10);
  if (words.length === 0) return null;
  return words
    .map((word, index) => {
      const prefix = index === words.length - 1 && [...word].length >= PREFIX_MIN ? ':*' : '';
      const bare = withoutArabicPrefix(word);
      return bare === word ? `${word}${prefix}` : `(${word}${prefix} | ${bare}${prefix})`;
    })
    .join(' & ');
}
