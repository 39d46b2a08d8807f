/**
 * Numbers and prices said in a language, the same on the web and in the server's emails. Only the
 * kept formatters imported (no zod): every page's first load reads it.
 */
import { type NumberFormatOptions, numberFormat } from './intl.ts';

/** A number in the language's digits ('١٢٠٬٠٠٠' in Arabic). */
export function formatNumber(value: number, language: string, options?: NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}

/**
 * A price in its currency, in the language ('SAR 1,500,000' / '١٬٥٠٠٬٠٠٠ ر.س.‏'): a listing's card,
 * a bookmarked listing's price change and a saved search's range say it the same way.
 */
export function formatPrice(price: number, currency: string, language: string): string {
  try {
    return formatNumber(price, language, { style: 'currency', currency, maximumFractionDigits: 0 });
  } catch {
    return `${formatNumber(price, language)} ${currency}`;
  }
}
