import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HTTP_TEXT, OTHER_HTTP_TEXT, TEXT } from '@makan/contract/texts';
import { describe, expect, it } from 'vitest';
import { withContractTexts } from '../lib/contract-texts.ts';
import en from './en.json';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every `locales/en.json` under src (the shell's and each feature's), with its `ar.json`. */
function localeDirs(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[\\/])locales[\\/]en\.json$/.test(file))
    .map((file) => join(SRC, dirname(file)));
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Nested keys flattened ('a.b.0.c' → value); arrays count by index. */
function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

/** Plural families compare by their base key: English has _one/_other where Arabic has six forms. */
function baseKeys(keys: Iterable<string>): Set<string> {
  return new Set(Array.from(keys, (key) => key.replace(PLURAL, '')));
}

function variables(text: unknown): string[] {
  return typeof text === 'string'
    ? Array.from(text.matchAll(/\{\{\s*([\w.]+)/g), (m) => m[1] ?? '').sort()
    : [];
}

const dirs = localeDirs();

describe('locale files', () => {
  it('finds the shell locales and every feature locale', () => {
    expect(dirs.length).toBeGreaterThanOrEqual(1);
    expect(dirs).toContain(join(SRC, 'locales'));
  });

  describe.each(dirs.map((dir) => [dir.slice(SRC.length + 1)]))('%s', (relative) => {
    const dir = join(SRC, relative);
    const english = flatten(readJson(join(dir, 'en.json')));
    const arabic = flatten(readJson(join(dir, 'ar.json')));

    // Every key, plural forms included: English carries Arabic's six forms too (the same words for
    // the forms English never picks), so a tool comparing the files key by key finds them equal.
    it('has the same keys in English and Arabic', () => {
      const enKeys = new Set(english.keys());
      const arKeys = new Set(arabic.keys());
      expect(
        [...enKeys].filter((key) => !arKeys.has(key)),
        'in en.json only',
      ).toEqual([]);
      expect(
        [...arKeys].filter((key) => !enKeys.has(key)),
        'in ar.json only',
      ).toEqual([]);
    });

    it('has no empty texts', () => {
      const empty = [...english, ...arabic].filter(([, text]) => typeof text !== 'string' || !text.trim());
      expect(empty.map(([key]) => key)).toEqual([]);
    });

    it('uses the plural forms of each language', () => {
      for (const family of baseKeys([...english.keys()].filter((key) => PLURAL.test(key)))) {
        for (const form of ['one', 'other'])
          expect(english.has(`${family}_${form}`), `${family}_${form}`).toBe(true);
        for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
          expect(arabic.has(`${family}_${form}`), `ar ${family}_${form}`).toBe(true);
        }
      }
    });

    it('keeps the same interpolation variables', () => {
      const mismatched = [...english]
        .filter(([key]) => !PLURAL.test(key) && arabic.has(key))
        .filter(([key, text]) => variables(text).join() !== variables(arabic.get(key)).join())
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });
  });
});

describe('English texts are the contract texts', () => {
  const asI18next = (template: string) => template.replace(/\{(\w+)\}/g, '{{$1}}');

  // en.json writes them for translators to see; the app takes them from the contract (and the
  // build leaves en.json's copies out, apps/web/vite.config.ts), so the two must never differ.
  it("en.json's validation texts equal the contract's TEXT, with {x} written {{x}}", () => {
    expect(en.validation).toEqual(
      Object.fromEntries(Object.entries(TEXT).map(([key, text]) => [key, asI18next(text)])),
    );
  });

  it("en.json's HTTP texts equal HTTP_TEXT", () => {
    expect(en.errors.http).toEqual(Object.fromEntries(Object.entries(HTTP_TEXT)));
    expect(en.errors.httpOther).toBe(asI18next(OTHER_HTTP_TEXT));
  });

  it('what the app uses is the contract itself', () => {
    const english = withContractTexts(en);
    expect(english.validation).toEqual(en.validation);
    expect(english.errors.http).toEqual(en.errors.http);
  });
});
