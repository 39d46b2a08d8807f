import { describe, expect, it } from 'vitest';
import { type GraphModule, partition } from './chunk-partition.ts';

/**
 * A small app: the entry (main) loads two pages lazily, plus a lazy chat and a lazy settings page.
 * Sizes in bytes; the merge threshold in these tests is 100.
 */
function app(overrides: Record<string, Partial<GraphModule>> = {}): GraphModule[] {
  const modules: Record<string, Omit<GraphModule, 'id'>> = {
    main: { imports: ['react'], isEntry: true, isRoot: true, size: 500 },
    react: { imports: [], isEntry: false, isRoot: false, size: 900 },
    home: { imports: ['card', 'tiny'], isEntry: false, isRoot: true, size: 300 },
    post: { imports: ['card', 'tiny', 'form'], isEntry: false, isRoot: true, size: 300 },
    chat: { imports: ['socket', 'card', 'form'], isEntry: false, isRoot: true, size: 300 },
    settings: { imports: ['socket', 'form', 'schemas'], isEntry: false, isRoot: true, size: 300 },
    card: { imports: [], isEntry: false, isRoot: false, size: 400 },
    tiny: { imports: [], isEntry: false, isRoot: false, size: 20 },
    form: { imports: [], isEntry: false, isRoot: false, size: 300 },
    socket: { imports: [], isEntry: false, isRoot: false, size: 800 },
    schemas: { imports: ['zod'], isEntry: false, isRoot: false, size: 700 },
    zod: { imports: [], isEntry: false, isRoot: false, size: 2000 },
  };
  return Object.entries(modules).map(([id, module]) => ({ id, ...module, ...overrides[id] }));
}

/** A graph written out module by module (not a root, size 100, unless said). */
function graph(modules: Record<string, Partial<GraphModule>>): GraphModule[] {
  return Object.entries(modules).map(([id, module]) => ({
    id,
    imports: [],
    isEntry: false,
    isRoot: false,
    size: 100,
    ...module,
  }));
}

const options = {
  place: (id: string) => id !== 'zod' && id !== 'schemas',
  prefix: 'shared',
  mergeBelow: 100,
  unusedMax: 100,
};

/** The modules of each chunk, by chunk. */
function chunks(names: Map<string, string>): string[][] {
  const byChunk = new Map<string, string[]>();
  for (const [id, name] of names) byChunk.set(name, [...(byChunk.get(name) ?? []), id]);
  return [...byChunk.values()].map((ids) => ids.sort()).sort((a, b) => String(a).localeCompare(String(b)));
}

describe('the chunks of shared modules, by the pages that use them', () => {
  it('puts modules used by the same pages together, and leaves one page’s, the entry’s and skipped ones out', () => {
    const names = partition(app({ tiny: { size: 500 } }), options);
    expect(chunks(names)).toEqual([['card'], ['form'], ['socket'], ['tiny']]);
    for (const id of ['main', 'react', 'home', 'schemas', 'zod']) expect(names.has(id)).toBe(false);
    expect(names.get('card')).toMatch(/^shared~chat~home~post~[0-9a-f]{6}$/);
  });

  it('lets a small chunk join a chunk of more pages that all load it already, not one of other pages', () => {
    // tiny (home, post) is small: it joins card (home, post, chat), never form (post, chat, settings).
    expect(chunks(partition(app(), options))).toEqual([['card', 'tiny'], ['form'], ['socket']]);
  });

  it('keeps a small chunk apart when the larger chunk’s pages do not load what it imports', () => {
    // tiny imports map, which settings uses too: chat (a page of card) never loads map.
    const modules = app({
      tiny: { imports: ['map'] },
      settings: { imports: ['socket', 'form', 'schemas', 'map'] },
    });
    modules.push({ id: 'map', imports: [], isEntry: false, isRoot: false, size: 500 });
    const names = partition(modules, options);
    expect(names.get('tiny')).not.toBe(names.get('card'));
    // Nor when it imports the schemas nobody else loads: zod is never brought along.
    const withSchemas = partition(app({ tiny: { imports: ['schemas'] } }), options);
    expect(withSchemas.get('tiny')).not.toBe(withSchemas.get('card'));
  });

  it('joins two small chunks of different pages when each one’s pages load what the other imports', () => {
    const small = { card: { size: 40 }, form: { size: 30 } };
    // card (home, post, chat) and form (post, chat, settings): both small, no larger chunk holds either.
    expect(chunks(partition(app({ ...small, tiny: { size: 500 } }), options))).toEqual([
      ['card', 'form'],
      ['socket'],
      ['tiny'],
    ]);
    // Not when form imports the socket code, which home (a page of card) never loads.
    const apart = partition(
      app({ ...small, tiny: { size: 500 }, form: { size: 30, imports: ['socket'] } }),
      options,
    );
    expect(apart.get('card')).not.toBe(apart.get('form'));
  });

  it('never makes a page load more than unusedMax of code it does not run, however many chunks join', () => {
    // Pages a, b, c, d share big; s1 (a, b) and s2 (a, c) could each join it, but d would then load
    // 60 + 60 bytes it never runs, over the 100 allowed: the first joins, the second stays apart.
    const names = partition(
      graph({
        main: { isEntry: true, isRoot: true },
        a: { isRoot: true, imports: ['big', 's1', 's2'] },
        b: { isRoot: true, imports: ['big', 's1'] },
        c: { isRoot: true, imports: ['big', 's2'] },
        d: { isRoot: true, imports: ['big'] },
        big: { size: 500 },
        s1: { size: 60 },
        s2: { size: 60 },
      }),
      options,
    );
    expect(names.get('s1')).toBe(names.get('big'));
    expect(names.get('s2')).not.toBe(names.get('big'));
  });

  it('joins two small chunks only when some page loads both', () => {
    const pages = (bImports: string[]) =>
      graph({
        main: { isEntry: true, isRoot: true },
        a: { isRoot: true, imports: ['x'] },
        b: { isRoot: true, imports: bImports },
        c: { isRoot: true, imports: ['y'] },
        d: { isRoot: true, imports: ['y'] },
        x: { size: 40 },
        y: { size: 30 },
      });
    // x (a, b) and y (b, c, d): b loads both, so they join; when b loads only x, they stay apart.
    const together = partition(pages(['x', 'y']), options);
    expect(together.get('x')).toBe(together.get('y'));
    const apart = partition(pages(['x']), options);
    expect(apart.get('x')).toBeDefined();
    expect(apart.get('x')).not.toBe(apart.get('y'));
  });

  it('gives a library module the entry reaches through an index, but does not use, a chunk by its pages', () => {
    // react's index reaches `hook`, which home and post import: it is named, never merged.
    const modules = app({ react: { imports: ['hook'] }, home: { imports: ['card', 'tiny', 'hook'] } });
    modules.push({ id: 'hook', imports: [], isEntry: false, isRoot: false, size: 10 });
    const names = partition(modules, options);
    expect(names.get('hook')).toMatch(/^shared~home~main~[0-9a-f]{6}$/);
    expect(chunks(names).find((ids) => ids.includes('hook'))).toEqual(['hook']);
  });

  it('gives the same chunks from the same graph in any order', () => {
    const modules = app();
    expect(partition([...modules].reverse(), options)).toEqual(partition(modules, options));
  });
});
