import { citySchema, citySearchQuery } from '@makan/contract/cities';
import { successSchema } from '@makan/contract/envelope';
import { z } from 'zod';
import type { App } from '../../lib/http.ts';
import type { CitiesService } from './cities.service.ts';

export function citiesRoutes(app: App, { cities }: { cities: CitiesService }) {
  app.get(
    '/api/cities',
    {
      schema: {
        tags: ['cities'],
        summary: 'Search cities by English or Arabic name',
        description:
          'Matches either name; Arabic ignores diacritics and letter variants (alef forms, ta marbuta/ha, alef maqsura/ya). Without q, lists the main cities.',
        querystring: citySearchQuery,
        response: { 200: successSchema(z.array(citySchema)) },
      },
    },
    async (request) => ({ status: true as const, data: await cities.search(request.query) }),
  );

  app.get(
    '/api/cities/:id',
    {
      schema: {
        tags: ['cities'],
        summary: 'One city',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: successSchema(citySchema) },
      },
    },
    async (request) => ({ status: true as const, data: await cities.get(request.params.id) }),
  );
}
