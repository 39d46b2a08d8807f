/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { ROUTE_PAGES } from './src/app/route-pages.ts';

const api = 'http://localhost:3000';

/**
 * Writes a .br and a .gz beside every text asset of the build, compressed once at the highest levels;
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|css|html|svg|json)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'makan:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        if (statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

/**
 * Writes dist/route-preloads.json: for each client route, the JS chunks its page needs beyond the
 * entry's (its module and what that imports statically). The server lists them in index.html as
 * modulepreload links, so they download beside the entry instead of after it has run.
 */
function routePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'makan:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const closure = (key: string, into = new Set<string>()) => {
        if (into.has(key)) return into;
        into.add(key);
        for (const next of manifest[key]?.imports ?? []) closure(next, into);
        return into;
      };
      const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
      if (!entry) throw new Error('the build manifest has no entry');
      const shared = closure(entry);
      const preloads = Object.fromEntries(
        Object.entries(ROUTE_PAGES).map(([route, module]) => {
          if (!manifest[module]) throw new Error(`${module} (${route}) is not in the build manifest`);
          const files = [...closure(module)].filter((key) => !shared.has(key));
          return [route, files.map((key) => `/${manifest[key]?.file}`)];
        }),
      );
      writeFileSync(path.join(outDir, 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
}

/**
 * React's API, Preact's runtime. The app is written against React (types, hooks, Suspense, lazy, use) and
 * runs on preact/compat: 11 KB of gzip JS where react-dom is 67 KB, more than half of the 120 KB a page
 * may load before it is interactive (issue 7). Every library that imports react (React Router, TanStack
 * Query, react-i18next, react-hook-form, Testing Library) gets the same runtime, in the build, the dev
 * server and the unit tests alike.
 */
const preactCompat = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // React 17's shim for a hook both runtimes now have (react-i18next still imports it).
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

export default defineConfig({
  plugins: [tailwindcss(), routePreloads(), precompress()],
  resolve: { alias: preactCompat },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': api,
      '/health': api,
      '/media': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for reading production stack traces, but not named in the bundles, and the
    // server does not serve them (apps/server/src/plugins/web.ts).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks each entry and lazy route loads (read by bench/web).
    manifest: true,
    rolldownOptions: {
      // Libraries' 'use client' lines mean nothing in a client-only bundle.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The ES builds of Testing Library and React Router: Node would load their CommonJS builds, whose
    // require('react') no alias reaches.
    alias: [
      {
        find: /^react-router$/,
        replacement: path.resolve(
          import.meta.dirname,
          '../../node_modules/react-router/dist/development/index.mjs',
        ),
      },
      {
        find: /^@testing-library\/react$/,
        replacement: path.resolve(
          import.meta.dirname,
          '../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
        ),
      },
    ],
    // Run these through Vite, not Node, so that their imports of react meet the aliases above.
    server: {
      deps: {
        inline: [
          /react-router/,
          /react-i18next/,
          /@tanstack\/react-query/,
          /react-hook-form/,
          /@hookform/,
          /@testing-library/,
        ],
      },
    },
  },
});
