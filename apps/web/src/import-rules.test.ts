import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The web's import rules (apps/web/biome.json), and its ban on Intl formatters built in place, are seen to
// fire: every fixture in apps/web/lint-fixtures is linted at the path it mirrors, with the real configs, and
// must give exactly the errors marked on its lines.
const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(WEB, '..', '..');
const FIXTURES = join(WEB, 'lint-fixtures', 'src');
const MARK = /\/\/ ✗ ([a-z-]+)\s*$/;
/** apps/web/biome.json has one override per depth inside a feature; deeper files would go unchecked. */
const DEEPEST_FEATURE_FILE = 4;

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string; start: { line: number } };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
}

let found = new Map<string, string[]>();
let tree = '';

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'makan-lint-fixtures-'));
  cpSync(join(ROOT, 'biome.json'), join(tree, 'biome.json'));
  cpSync(join(WEB, 'biome.json'), join(tree, 'apps/web/biome.json'));
  cpSync(FIXTURES, join(tree, 'apps/web/src'), { recursive: true });
  const biome = spawnSync(
    join(ROOT, 'node_modules/.bin/biome'),
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', 'apps'],
    { cwd: tree, encoding: 'utf8' },
  );
  const report = JSON.parse(biome.stdout) as { diagnostics: Diagnostic[] };
  found = new Map();
  for (const d of report.diagnostics) {
    const file = d.location.path.replace(/^apps\/web\/src\//, '');
    const rule =
      d.category === 'lint/style/noRestrictedImports'
        ? (d.message.split(':')[0] ?? '')
        : d.category === 'lint/style/noRestrictedGlobals'
          ? 'no-fresh-intl-formatters'
          : d.category;
    found.set(file, [...(found.get(file) ?? []), `${d.location.start.line} ${rule}`]);
  }
}, 30_000);

afterAll(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
});

describe('web import rules', () => {
  const fixtures = filesUnder(FIXTURES);

  it.each(fixtures)('%s fails with exactly the marked errors', (file) => {
    const expected = readFileSync(join(FIXTURES, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => {
        const rule = MARK.exec(line)?.[1];
        return rule ? [`${i + 1} ${rule}`] : [];
      });
    expect(expected.length).toBeGreaterThan(0);
    expect((found.get(file.replaceAll('\\', '/')) ?? []).sort()).toEqual(expected.sort());
  });

  it('covers every layer and rule', () => {
    const rules = new Set(
      fixtures.flatMap((file) =>
        readFileSync(join(FIXTURES, file), 'utf8')
          .split('\n')
          .flatMap((line) => MARK.exec(line)?.[1] ?? []),
      ),
    );
    expect([...rules].sort()).toEqual([
      'feature-never-imports-app',
      'feature-never-imports-feature',
      'no-fresh-intl-formatters',
      'ui-and-lib-below-features',
      'web-never-imports-server',
    ]);
  });

  it('has no feature file deeper than the per-depth overrides reach', () => {
    const depths = filesUnder(join(WEB, 'src/features')).map((file) => file.split(/[\\/]/).length - 1);
    expect(Math.max(...depths)).toBeLessThanOrEqual(DEEPEST_FEATURE_FILE);
  });
});
