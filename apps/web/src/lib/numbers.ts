/**
 * A number in the reader's language (Arabic digits in Arabic). A module of its own: the footer on
 * every page needs it, and what it shares a module with is loaded with it on every first page.
 */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}
