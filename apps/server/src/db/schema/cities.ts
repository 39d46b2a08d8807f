import { COUNTRY_CODES } from '@makan/contract/countries';
import { sql } from 'drizzle-orm';
import {
  char,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { isOneOf } from './checks.ts';

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    countryCode: char('country_code', { length: 2, enum: COUNTRY_CODES }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Position in the dataset: capitals and large cities first, so search ranks them first. */
    rank: integer('rank').notNull(),
    /** Both names folded by normalizeSearchText (contract), searched with a trigram index. */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    uniqueIndex('cities_country_name_en_key').on(t.countryCode, t.nameEn),
    index('cities_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('cities_rank_idx').on(t.rank),
    check('cities_country_code_check', isOneOf(t.countryCode, COUNTRY_CODES)),
  ],
);
