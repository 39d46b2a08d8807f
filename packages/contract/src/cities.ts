import { z } from 'zod';
import { COUNTRY_CODES } from './countries.ts';
import { LIMITS } from './limits.ts';

export const citySchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  country_code: z.enum(COUNTRY_CODES),
  lat: z.number(),
  lng: z.number(),
  display_name: z.string(),
});
export type City = z.infer<typeof citySchema>;

export const citySearchQuery = z.object({
  q: z.string().trim().max(LIMITS.citySearchQueryMax).optional(),
  country: z.enum(COUNTRY_CODES).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.citySearchMax).default(LIMITS.citySearchDefault),
});
export type CitySearchQuery = z.infer<typeof citySearchQuery>;

/**
 * Folds Arabic and Latin text to one searchable form: lower case, no Arabic diacritics or
 * tatweel, alef forms as bare alef, ta marbuta as ha, alef maqsura as ya, hamza carriers as
 * their letter. Used to index cities and to read the query, so both sides match.
 */
export function normalizeSearchText(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064A')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064A')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
