import { type CitySearchQuery, normalizeSearchText } from '@makan/contract/cities';
import { NotFound } from '../../lib/errors.ts';
import type { CitiesRepository } from './cities.repository.ts';

export function createCitiesService({ cities }: { cities: CitiesRepository }) {
  return {
    search(query: CitySearchQuery) {
      return cities.search({
        folded: normalizeSearchText(query.q ?? ''),
        country: query.country,
        limit: query.limit,
      });
    },
    async get(id: number) {
      const city = await cities.findById(id);
      if (!city) throw new NotFound();
      return city;
    },
  };
}
export type CitiesService = ReturnType<typeof createCitiesService>;
