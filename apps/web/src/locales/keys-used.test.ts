import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every key of every en.json (the shell's and each feature's) is used by the app's code, so a text nobody
// shows is removed rather than translated forever. knip finds unused files and exports, not i18n keys.
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Keys no source line spells, each with the reason it is still used. */
const USED_ELSEWHERE: { keys: RegExp; reason: string }[] = [
  {
    keys: /^(privacy|terms)\.(title|lead|sections\..+)$/,
    reason: "policy-page.tsx's PolicyPage builds its keys from its page's name: title, lead, sections.<key>",
  },
];

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/^test[\\/]/.test(file),
  );
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix.replace(PLURAL, '')];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const code = sourceFiles()
  .map((file) => readFileSync(join(SRC, file), 'utf8'))
  .join('\n');
/** Quoted strings that look like keys ('a.b', "a.b"). */
const literals = new Set([...code.matchAll(/['"]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"]/g)].map((m) => m[1]));
/** Template keys with a fixed start (`posts.status.${status}`): each `${…}` stands for one or more segments. */
const templates = [...code.matchAll(/`([a-zA-Z][\w-]*\.[^`]*\$\{[^`]*)`/g)].map(
  (m) =>
    new RegExp(
      `^${(m[1] ?? '')
        .split(/\$\{[^}]*\}/)
        .map(escapeRegExp)
        .join('[\\w.-]+')}(\\.|$)`,
    ),
);

const localeFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) =>
  /(^|[\\/])locales[\\/]en\.json$/.test(file),
);

describe('locale keys', () => {
  it('finds the locale files and the keys templates build', () => {
    expect(localeFiles.length).toBeGreaterThanOrEqual(3);
    expect(templates.length).toBeGreaterThan(10);
  });

  it.each(localeFiles)('every key of %s is used', (file) => {
    const keys = [...new Set(keysOf(JSON.parse(readFileSync(join(SRC, file), 'utf8'))))];
    const unused = keys.filter(
      (key) =>
        !literals.has(key) &&
        !templates.some((t) => t.test(key)) &&
        !USED_ELSEWHERE.some(({ keys }) => keys.test(key)),
    );
    expect(unused).toEqual([]);
  });
});
