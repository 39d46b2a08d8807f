import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROUTE_PAGES } from '../../apps/web/src/app/route-pages.ts';
import { buildUnlessCurrent } from '../lib/build.ts';
import { repoDir } from '../lib/server.ts';

export const webDir = path.join(repoDir, 'apps/web');
export const distDir = path.join(webDir, 'dist');

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by its source path. */
type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** The page module of each measured route: the app's own map (apps/web/src/app/route-pages.ts). */
export const ROUTE_MODULES: Record<string, string> = ROUTE_PAGES;

/** Every page waits for the shell's texts in the reader's language, loaded beside the entry (English measured). */
const SHELL_TEXTS = 'src/locales/en.json';
/** Signed-in pages also wait for the signed-in pages' texts (English measured). */
const MEMBER_TEXTS = 'src/app/member/locales/en.json';
const SIGNED_IN = new Set(['/home', '/post/:id', '/chat', '/profile']);

export type Bytes = { raw: number; gzip: number; brotli: number };
export type RouteBundle = {
  route: string;
  /** The JS that loads before the page is interactive: the entry's static imports plus the route's chunk and its static imports. */
  js: Bytes;
  css: Bytes;
  /** Of `js`, the part shared by every route (the entry's closure). */
  entryJs: Bytes;
  files: string[];
};

/** Builds the web app as `npm run build -w @makan/web` does, unless dist/ already holds today's sources. */
export function buildWeb(): 'built' | 'current' {
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    path.join(webDir, p),
  );
  return buildUnlessCurrent(
    path.join(distDir, '.vite/manifest.json'),
    [...inputs, path.join(repoDir, 'packages/contract/src'), path.join(repoDir, 'package-lock.json')],
    () => execFileSync('npm', ['run', 'build', '-w', '@makan/web'], { cwd: repoDir, stdio: 'pipe' }),
  );
}

function readManifest(): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Every chunk key `key` pulls in through static imports, itself included. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Raw, gzip (level 9) and brotli (quality 11) sizes of one file. */
export function bytesOfFile(file: string): Bytes {
  const data = readFileSync(file);
  return {
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const sizes = new Map<string, Bytes>();
function bytesOf(file: string): Bytes {
  const known = sizes.get(file);
  if (known) return known;
  const measured = bytesOfFile(path.join(distDir, file));
  sizes.set(file, measured);
  return measured;
}

function sum(files: Iterable<string>): Bytes {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) {
    const b = bytesOf(f);
    total.raw += b.raw;
    total.gzip += b.gzip;
    total.brotli += b.brotli;
  }
  return total;
}

/** JS and CSS each measured route loads before it is interactive, from the last build's manifest. */
export function routeBundles(routes: string[]): RouteBundle[] {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');
  const entry = staticClosure(manifest, SHELL_TEXTS, staticClosure(manifest, entryKey));
  const filesOf = (keys: Set<string>) => [...keys].map((k) => manifest[k]?.file ?? k);
  const cssOf = (keys: Set<string>) => new Set([...keys].flatMap((k) => manifest[k]?.css ?? []));
  return routes.map((route) => {
    const module = ROUTE_MODULES[route];
    if (!module) throw new Error(`no page module known for ${route}`);
    const keys = staticClosure(manifest, module, new Set(entry));
    if (SIGNED_IN.has(route)) staticClosure(manifest, MEMBER_TEXTS, keys);
    const js = filesOf(keys).filter((f) => f.endsWith('.js'));
    return {
      route,
      js: sum(js),
      css: sum(cssOf(keys)),
      entryJs: sum(filesOf(entry).filter((f) => f.endsWith('.js'))),
      files: js,
    };
  });
}

/** The JS files a lazily loaded module (`import()`) brings with it: its chunk and its static imports. */
export function lazyModuleFiles(module: string): string[] {
  const manifest = readManifest();
  return [...staticClosure(manifest, module)]
    .map((key) => manifest[key]?.file ?? key)
    .filter((file) => file.endsWith('.js'));
}
