/** The countries Makan's cities are in (ISO 3166-1 alpha-2), without zod: the web reads cities with it. */
export const COUNTRY_CODES = ['SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'EG', 'JO'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
