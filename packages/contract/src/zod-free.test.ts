import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { valueImports as importedForValues } from './module-imports.ts';

/**
 * The contract's modules without schemas (words, limits, lists, pure helpers) are what the web's
 * pages use before, or without, loading zod (issue 17: zod is the largest single cost of a post's
 * page). A module that does not import zod itself must therefore not import, for its values, a
 * module that does: one such line would bring zod and a whole module of schemas to every page using
 * it, and nothing else would say so. Type-only imports are erased and cost nothing.
 */
const dir = import.meta.dirname;
const modules = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

/** The modules a file imports for their values: './x.ts' or 'zod' (an `import type` line is left out). */
function valueImports(file: string): string[] {
  return importedForValues(readFileSync(path.join(dir, file), 'utf8')).flatMap((target) => {
    if (target === 'zod') return ['zod'];
    return target.startsWith('./') ? [target.slice(2)] : [];
  });
}

const importsZod = (file: string) => valueImports(file).includes('zod');

describe('zod-free contract modules', () => {
  it('reads the imports it judges (the test would pass on nothing otherwise)', () => {
    expect(modules).toContain('listing.ts');
    expect(importsZod('posts.ts')).toBe(true);
    expect(valueImports('saved-search-words.ts')).toContain('purposes.ts');
    // A type-only import is erased: it is no import of zod (the web's build judges by the same rule).
    expect(importedForValues("import type { z } from 'zod';\nexport { A } from './a.ts';")).toEqual([
      './a.ts',
    ]);
  });

  it.each(modules.filter((file) => !importsZod(file)))('%s imports no module that loads zod', (file) => {
    const schemaModules = valueImports(file).filter((target) => target !== 'zod' && importsZod(target));
    expect(schemaModules, `${file} would bring zod to every page that uses it`).toEqual([]);
  });
});
