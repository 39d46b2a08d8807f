/**
 * Numbers and prices in the reader's language (Arabic digits in Arabic): the contract's, so a listing's
 * card, a notification and the server's emails say a price the same way.
 */
export { formatNumber, formatPrice } from '@makan/contract/numbers';
