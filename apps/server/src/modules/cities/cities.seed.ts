import { readFile } from 'node:fs/promises';
import { COUNTRY_CODES } from '@makan/contract/countries';
import { z } from 'zod';
import { sourceFile } from '../../paths.ts';
import type { CitiesRepository } from './cities.repository.ts';

const datasetSchema = z.array(
  z.object({
    name_en: z.string().min(1),
    name_ar: z.string().min(1),
    country_code: z.enum(COUNTRY_CODES),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
  }),
);

export async function readCityDataset() {
  const text = await readFile(sourceFile('modules/cities/cities.data.json'), 'utf8');
  return datasetSchema.parse(JSON.parse(text));
}

/** Cities are reference data: loaded into an empty table on every kind of start, demo or not. */
export async function seedCities(cities: CitiesRepository): Promise<number> {
  if ((await cities.count()) > 0) return 0;
  const dataset = await readCityDataset();
  await cities.insertMany(
    dataset.map((c, i) => ({
      nameEn: c.name_en,
      nameAr: c.name_ar,
      countryCode: c.country_code,
      lat: c.lat,
      lng: c.lng,
      rank: i + 1,
    })),
  );
  return dataset.length;
}
