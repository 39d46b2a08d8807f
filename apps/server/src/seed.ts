import type { CitiesRepository } from './modules/cities/cities.repository.ts';
import { seedCities } from './modules/cities/cities.seed.ts';

type SeedDeps = {
  cities: CitiesRepository;
  mode: 'demo' | 'none';
  log: { info: (obj: object, msg: string) => void };
};

/**
 * Fills an empty database. Reference data (cities) always; demo content only when mode is
 * 'demo'. Each feature adds its step here; every step leaves existing data alone.
 */
export async function runSeed({ cities, mode, log }: SeedDeps): Promise<void> {
  const added = await seedCities(cities);
  if (added) log.info({ cities: added }, 'seeded reference cities');
  if (mode === 'none') return;
  // Demo users, companies, posts and conversations join here as their features land.
}
