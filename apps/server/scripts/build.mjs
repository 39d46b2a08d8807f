// Bundles the server for `npm start`: our TypeScript (and the shared contract) into dist/*.js, npm
// packages left as imports. Plain Node then runs it, without a TypeScript loader in the process
// (tsx's loader thread and transforms cost about 75 MB of RSS on an idle server).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');
rmSync(outdir, { recursive: true, force: true });

/** Packages stay imports of node_modules; the workspace's own (@makan/*) are compiled in. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@makan/') || args.kind === 'entry-point'
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

// No shared chunks: src/paths.ts must land directly in dist/, one folder below apps/server.
await build({
  absWorkingDir: root,
  entryPoints: {
    supervisor: 'src/supervisor.ts',
    server: 'src/server.ts',
    'pglite-child': 'src/db/pglite-child.ts',
    'push-worker': 'src/adapters/push-worker.ts',
  },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [packagesStayExternal],
  logLevel: 'warning',
});
