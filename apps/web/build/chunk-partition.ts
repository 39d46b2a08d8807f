import { createHash } from 'node:crypto';
import path from 'node:path';

/**
 * Which chunk each shared module of the app goes to (docs/decisions/035-chunks-by-the-pages-that-use-them.md).
 *
 * A root is the app's entry or anything loaded with `import()` (a page, a lazy panel). A module belongs
 * to the roots that reach it through static imports; modules with the same two or more roots share one
 * chunk, so a page loads only code it runs. A chunk too small to be worth a request of its own joins
 * the smallest chunk whose roots include all of its roots: every page that loads it loaded that one
 * already, so no page waits on more than before, and the pages of the larger chunk only get these few
 * bytes besides, and only when every page of that chunk loads what its modules import already (a panel
 * of 2 KB that imports the schemas would bring zod with it). It never joins a chunk of other pages: rolldown's own merge (`entriesAwareMergeThreshold`)
 * picks the nearest neighbour, and one changed import sent the post's page the chat's live code, the
 * Socket.IO client and zod (185 → 241 KB).
 */

export interface GraphModule {
  id: string;
  /** Modules it imports statically. */
  imports: readonly string[];
  /** The app's entry, or imported with `import()` somewhere. */
  isRoot: boolean;
  /** The app's entry: what it reaches loads on every page (the build's `boot` chunk), and is left out. */
  isEntry: boolean;
  /** Its code's length before minifying: what a chunk's size is judged by. */
  size: number;
}

export interface PartitionOptions {
  /** The modules this partition places; the others are decided elsewhere (or by rolldown). */
  place: (id: string) => boolean;
  /** The chunks' names begin with it. */
  prefix: string;
  /** A chunk smaller than this joins a larger one (see above). */
  mergeBelow: number;
  /** The most bytes those joins may make a page load without running them. */
  unusedMax: number;
}

interface Group {
  roots: Set<string>;
  modules: Set<string>;
  size: number;
}

/** Every module reached from `root` through static imports, `root` included. */
function reach(root: string, byId: ReadonlyMap<string, GraphModule>): Set<string> {
  const seen = new Set<string>([root]);
  const queue = [root];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const imported of byId.get(next)?.imports ?? []) {
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  return seen;
}

const isSuperset = (big: Set<string>, small: Set<string>) =>
  big.size > small.size && [...small].every((root) => big.has(root));

/** The map's value for `key`, made and kept first if it has none. */
function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = make();
  map.set(key, made);
  return made;
}

/** A chunk's name: the first roots' file names (to read it) and a hash of them all (to keep it unique). */
function chunkName(prefix: string, roots: Set<string>): string {
  const sorted = [...roots].sort();
  const names = sorted.slice(0, 3).map((id) => path.basename(id).replace(/\.[^.]+$/, ''));
  const hash = createHash('sha256').update(sorted.join('\n')).digest('hex').slice(0, 6);
  return `${prefix}~${names.join('~')}~${hash}`;
}

/**
 * Module id → chunk name, for every module a placement places that two or more roots share. The graph is
 * read once for all placements; each places its own modules, with its own joins and their bounds.
 */
export function partition(
  modules: readonly GraphModule[],
  ...placements: PartitionOptions[]
): Map<string, string> {
  const byId = new Map(modules.map((module) => [module.id, module]));
  const rootsOf = new Map<string, Set<string>>();
  for (const root of modules.filter((module) => module.isRoot)) {
    for (const id of reach(root.id, byId)) {
      entryOf(rootsOf, id, () => new Set<string>()).add(root.id);
    }
  }
  const booted = new Set(
    modules.filter((module) => module.isEntry).flatMap((entry) => [...reach(entry.id, byId)]),
  );
  const graph = { byId, rootsOf, booted };
  const names = new Map<string, string>();
  for (const options of placements) {
    for (const [id, name] of place(graph, options)) names.set(id, name);
  }
  return names;
}

interface Graph {
  byId: ReadonlyMap<string, GraphModule>;
  /** The roots that reach each module. */
  rootsOf: ReadonlyMap<string, Set<string>>;
  /** What the entry reaches. */
  booted: ReadonlySet<string>;
}

function place({ byId, rootsOf, booted }: Graph, options: PartitionOptions): Map<string, string> {
  // A module the entry reaches only through a library's index, and does not use (rolldown leaves it
  // out of the entry's chunk), goes with the others of its kind, in one chunk by the pages using them.
  const leftByEntry = new Map<string, Group>();
  const byRoots = new Map<string, Group>();
  for (const [id, roots] of rootsOf) {
    if (roots.size < 2 || !options.place(id)) continue;
    const key = [...roots].sort().join('\n');
    if (booted.has(id)) {
      entryOf(leftByEntry, key, () => ({ roots, modules: new Set<string>(), size: 0 })).modules.add(id);
      continue;
    }
    const group = entryOf(byRoots, key, () => ({ roots, modules: new Set<string>(), size: 0 }));
    group.modules.add(id);
    group.size += byId.get(id)?.size ?? 0;
  }
  // Smallest first, ties by their roots: the same chunks from the same code on every machine.
  let groups = [...byRoots.entries()]
    .sort(([keyA, a], [keyB, b]) => a.size - b.size || keyA.localeCompare(keyB))
    .map(([, group]) => group);

  /** Whether every one of `roots` loads module `id` anyway (the entry's modules load on every page). */
  const loadedBy = (id: string, roots: Set<string>) => {
    if (booted.has(id)) return true;
    const reachedFrom = rootsOf.get(id);
    return reachedFrom !== undefined && [...roots].every((root) => reachedFrom.has(root));
  };
  /** Whether the pages of `roots` load already everything `group`'s modules import from outside it. */
  const importsLoadedBy = (group: Group, roots: Set<string>) =>
    [...group.modules].every((id) =>
      (byId.get(id)?.imports ?? []).every(
        (imported) => group.modules.has(imported) || loadedBy(imported, roots),
      ),
    );
  const join = (from: Group, into: Group, roots: Set<string>) => {
    for (const id of from.modules) into.modules.add(id);
    into.size += from.size;
    into.roots = roots;
    groups = groups.filter((group) => group !== from);
  };

  // What each page loads and does not run, from the joins below: never more than `unusedMax` in all.
  const unused = new Map<string, number>();
  const affordable = (pages: Iterable<string>, bytes: number) =>
    [...pages].every((page) => (unused.get(page) ?? 0) + bytes <= options.unusedMax);
  const spend = (pages: Iterable<string>, bytes: number) => {
    for (const page of pages) unused.set(page, (unused.get(page) ?? 0) + bytes);
  };
  const only = (a: Group, b: Group) => [...a.roots].filter((root) => !b.roots.has(root));

  // 1. A small chunk joins the smallest chunk of more pages that all load it already: its own pages save
  //    a request, and the other pages of that chunk get its few bytes.
  for (const group of [...groups]) {
    if (group.size >= options.mergeBelow) continue;
    const target = groups
      .filter(
        (other) =>
          isSuperset(other.roots, group.roots) &&
          affordable(only(other, group), group.size) &&
          importsLoadedBy(group, other.roots),
      )
      .sort((a, b) => a.roots.size - b.roots.size || a.size - b.size)[0];
    if (target) {
      spend(only(target, group), group.size);
      join(group, target, target.roots);
    }
  }

  // 2. Two small chunks that pages load together become one, when each one's pages load what the other
  //    imports already: the pages of both save a request, the others get the other's few bytes. The
  //    pair that wastes fewest bytes for each request saved goes first.
  for (;;) {
    let best: { a: Group; b: Group; cost: number } | null = null;
    const small = groups.filter((group) => group.size < options.mergeBelow);
    for (const [i, a] of small.entries()) {
      for (const b of small.slice(i + 1)) {
        const both = [...a.roots].filter((root) => b.roots.has(root)).length;
        if (both === 0 || a.size + b.size >= options.mergeBelow) continue;
        const onlyA = only(a, b);
        const onlyB = only(b, a);
        if (!affordable(onlyA, b.size) || !affordable(onlyB, a.size)) continue;
        if (!importsLoadedBy(a, b.roots) || !importsLoadedBy(b, a.roots)) continue;
        const cost = (onlyA.length * b.size + onlyB.length * a.size) / both;
        if (!best || cost < best.cost) best = { a, b, cost };
      }
    }
    if (!best) break;
    spend(only(best.a, best.b), best.b.size);
    spend(only(best.b, best.a), best.a.size);
    join(best.a, best.b, new Set([...best.a.roots, ...best.b.roots]));
  }

  const names = new Map<string, string>();
  for (const group of [...groups, ...leftByEntry.values()]) {
    const name = chunkName(options.prefix, group.roots);
    for (const id of group.modules) names.set(id, name);
  }
  return names;
}
