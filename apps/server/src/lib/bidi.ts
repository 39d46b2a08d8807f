/**
 * Someone's own words (a name, a comment, a search's name) set apart from the sentence around them
 * in plain text, where no `<bdi>` or `dir="auto"` can: between FIRST STRONG ISOLATE and POP
 * DIRECTIONAL ISOLATE (Unicode bidi, UAX #9), so they take their own direction. Without it an
 * English question quoted in an Arabic push reads '?Can I visit on Sunday', its question mark
 * pulled to the sentence's side; an Arabic name in an English email can swap the words around it.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
