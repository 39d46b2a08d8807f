import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { directionOf, LANGUAGES } from './lib/i18n.ts';
import { THEME_COLORS } from './lib/theme.ts';
import ar from './locales/ar.json';
import en from './locales/en.json';

/** The installable app (issue 22): public/manifest-<language>.webmanifest and the icons they name. */
const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public');
const read = (file: string) => readFileSync(path.join(publicDir, file));
const manifestOf = (language: string) =>
  JSON.parse(read(`manifest-${language}.webmanifest`).toString('utf8')) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
/** Width and height from a PNG's IHDR chunk. */
const pngSize = (data: Buffer) => `${data.readUInt32BE(16)}x${data.readUInt32BE(20)}`;

describe('the web app manifests', () => {
  it.each(LANGUAGES)('%s: its name, language and direction', (language) => {
    const manifest = manifestOf(language);
    const name = { en, ar }[language].app.name;
    expect(manifest).toMatchObject({
      id: '/',
      name,
      short_name: name,
      lang: language,
      dir: directionOf(language),
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLORS.light,
    });
  });

  it('name the same icons in both languages: 192 and 512, and a maskable 512, that exist at those sizes', () => {
    const [first, ...others] = LANGUAGES.map((language) => manifestOf(language).icons);
    for (const icons of others) expect(icons).toEqual(first);
    expect(first?.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of first ?? []) {
      expect(icon.type).toBe('image/png');
      expect(pngSize(read(icon.src.slice(1)))).toBe(icon.sizes);
    }
  });
});
