import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Whether this is the built server (`dist/*.js`, what `npm start` runs) rather than its TypeScript
 * sources (tests, `npm run dev`). This module sits one folder below apps/server either way.
 */
export const built = path.basename(here) === 'dist';
/** apps/server. */
export const serverRoot = path.resolve(here, '..');
/** The monorepo's root. */
export const repoRoot = path.resolve(serverRoot, '../..');

/** A file the server reads at run time, named by its place under src/ (not bundled into dist/). */
export function sourceFile(relative: string): string {
  return path.join(serverRoot, 'src', relative);
}

/**
 * How to start one of the server's entry points (src/<name>.ts) in a process of its own: its bundle
 * with plain Node when built, its source through tsx otherwise.
 */
export function entryPoint(name: string): { file: string; execArgv: string[] } {
  return built
    ? { file: path.join(serverRoot, 'dist', `${path.basename(name)}.js`), execArgv: [] }
    : { file: sourceFile(`${name}.ts`), execArgv: ['--import', 'tsx'] };
}

/**
 * How to start a worker thread on one of the server's modules (src/<name>.ts): its bundle when
 * built; otherwise a line that registers tsx in the thread first (`--import tsx` in a thread's
 * execArgv does not load its TypeScript entry on Node 20).
 */
export function workerEntry(name: string): { code: string | URL; eval: boolean } {
  if (built)
    return { code: pathToFileURL(path.join(serverRoot, 'dist', `${path.basename(name)}.js`)), eval: false };
  const file = pathToFileURL(sourceFile(`${name}.ts`)).href;
  return {
    // Found from the working folder, as `--import tsx` is (the repository's node_modules).
    code: `import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(file)}))`,
    eval: true,
  };
}
