/**
 * A number in the reader's language (Arabic digits in Arabic). A module of its own: the footer on
 * every page needs it, and what it shares a module with is loaded with it on every first page.
 */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/**
 * A price in its currency, in the page's language ('SAR 1,500,000' / '١٬٥٠٠٬٠٠٠ ر.س.‏'): a post's
 * card and a bookmarked listing's price change (notifications) say it the same way.
 */
export function formatPrice(price: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(
      price,
    );
  } catch {
    return `${new Intl.NumberFormat(language).format(price)} ${currency}`;
  }
}
