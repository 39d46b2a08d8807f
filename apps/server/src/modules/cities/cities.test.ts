import type { City } from '@makan/contract/cities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { createTestApp } from '../../test/test-app.ts';
import { readCityDataset } from './cities.seed.ts';

let app: App;
beforeAll(async () => {
  ({ app } = await createTestApp());
  await app.ready();
});
afterAll(() => app?.close());

async function search(query: string): Promise<City[]> {
  const res = await app.inject({ method: 'GET', url: `/api/cities?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.status).toBe(true);
  return body.data;
}
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('GET /api/cities', () => {
  it('ships a real dataset of at least 150 cities across the eight countries', async () => {
    const dataset = await readCityDataset();
    expect(dataset.length).toBeGreaterThanOrEqual(150);
    expect(new Set(dataset.map((c) => c.country_code))).toEqual(
      new Set(['SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'EG', 'JO']),
    );
    const all = await search('limit=50');
    expect(all).toHaveLength(50);
    expect(all[0]?.name_en).toBe('Riyadh');
  });

  it('finds Riyadh by the start of its English name, any case', async () => {
    for (const text of ['riy', 'RIY', 'Riyadh', ' riyadh ']) {
      const [first] = await search(q(text));
      expect(first?.name_en, text).toBe('Riyadh');
      expect(first).toMatchObject({ name_ar: 'الرياض', country_code: 'SA' });
      expect(first?.lat).toBeCloseTo(24.71, 1);
    }
  });

  it('finds Riyadh in Arabic, with or without the article and diacritics', async () => {
    for (const text of ['ريا', 'الرياض', 'رياض', 'الرِّيَاض']) {
      const found = await search(q(text));
      expect(
        found.map((c) => c.name_en),
        text,
      ).toContain('Riyadh');
    }
    expect((await search(q('ريا')))[0]?.name_en).toBe('Riyadh');
  });

  it('ignores alef forms and ta marbuta/ha differences', async () => {
    expect((await search(q('ابها'))).map((c) => c.name_en)).toContain('Abha');
    expect((await search(q('إبها'))).map((c) => c.name_en)).toContain('Abha');
    expect((await search(q('جده'))).map((c) => c.name_en)).toContain('Jeddah');
    expect((await search(q('الاسكندرية'))).map((c) => c.name_en)).toContain('Alexandria');
  });

  it('filters by country and limits the page', async () => {
    const uae = await search('country=AE&limit=5');
    expect(uae).toHaveLength(5);
    expect(uae.every((c) => c.country_code === 'AE')).toBe(true);
    const dubai = await search(`${q('dub')}&country=AE`);
    expect(dubai[0]?.name_en).toBe('Dubai');
  });

  it('treats LIKE wildcards in the query as plain text', async () => {
    expect(await search(q('%'))).toHaveLength(20);
    expect(await search(q('zzzqqq'))).toEqual([]);
    expect(await search(q('riy_dh'))).toEqual([]);
  });

  it('rejects a bad limit or country with 422 and field errors', async () => {
    for (const query of ['limit=0', 'limit=51', 'limit=abc', 'country=US', `${q('x'.repeat(101))}`]) {
      const res = await app.inject(`/api/cities?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().status).toBe(false);
    }
  });

  it('returns one city by id and 404 for an unknown id', async () => {
    const [riyadh] = await search(q('riyadh'));
    const one = await app.inject(`/api/cities/${riyadh?.id}`);
    expect(one.json().data.name_en).toBe('Riyadh');
    const missing = await app.inject('/api/cities/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe(false);
  });
});
