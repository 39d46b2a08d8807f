import { type City, normalizeSearchText } from '@makan/contract/cities';
import type { CountryCode } from '@makan/contract/countries';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cities } from '../../db/schema/cities.ts';

export type CityRow = typeof cities.$inferSelect;
export type NewCity = Omit<typeof cities.$inferInsert, 'id' | 'searchText'>;

function toCity(row: CityRow): City {
  return {
    id: row.id,
    name_en: row.nameEn,
    name_ar: row.nameAr,
    country_code: row.countryCode,
    lat: row.lat,
    lng: row.lng,
    display_name: row.nameEn,
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createCitiesRepository(db: Database) {
  return {
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(cities);
      return row?.n ?? 0;
    },

    async insertMany(rows: NewCity[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(cities)
        .values(rows.map((r) => ({ ...r, searchText: normalizeSearchText(`${r.nameEn} ${r.nameAr}`) })))
        .onConflictDoNothing();
    },

    /** Which of these ids are real cities. */
    async existingIds(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: cities.id }).from(cities).where(inArray(cities.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    async findById(id: number): Promise<City | undefined> {
      const [row] = await db.select().from(cities).where(eq(cities.id, id));
      return row ? toCity(row) : undefined;
    },

    /**
     * Cities whose folded names contain the folded query (trigram index), those where a word
     * starts with it first, then by dataset rank. An empty query lists by rank.
     */
    async search(query: {
      folded: string;
      country?: CountryCode | undefined;
      limit: number;
    }): Promise<City[]> {
      const conditions = [];
      if (query.folded) {
        conditions.push(sql`${cities.searchText} like ${`%${escapeLike(query.folded)}%`}`);
      }
      if (query.country) conditions.push(eq(cities.countryCode, query.country));
      const where = conditions.length ? sql.join(conditions, sql` and `) : undefined;
      const order = [asc(cities.rank), asc(cities.id)];
      if (query.folded) {
        const prefix = escapeLike(query.folded);
        order.unshift(
          sql`case when ${cities.searchText} like ${`${prefix}%`} or ${cities.searchText} like ${`% ${prefix}%`} then 0 else 1 end`,
        );
      }
      const rows = await db
        .select()
        .from(cities)
        .where(where)
        .orderBy(...order)
        .limit(query.limit);
      return rows.map(toCity);
    },
  };
}
export type CitiesRepository = ReturnType<typeof createCitiesRepository>;
