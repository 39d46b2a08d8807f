import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
