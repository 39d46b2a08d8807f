/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ROUTE_PAGES } from './src/app/route-pages.ts';

const api = 'http://localhost:3000';

/**
 * en.json is the English source of every key, the contract's texts included (`validation`,
 * `errors.http`, `errors.httpOther`: kept equal to the contract by locales.test.ts, so translators see
 * each English text beside its Arabic). At run time those come from the contract itself
 * (lib/contract-texts.ts), which the first load already carries: the build leaves the copies out.
 */
function englishWithoutContractCopies(): Plugin {
  return {
    name: 'makan:english-without-contract-copies',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (
        !id.endsWith(`${path.sep}src${path.sep}locales${path.sep}en.json`) &&
        !id.endsWith('/src/locales/en.json')
      )
        return undefined;
      const english = JSON.parse(code) as { validation?: unknown; errors?: Record<string, unknown> };
      delete english.validation;
      if (english.errors) {
        delete english.errors.http;
        delete english.errors.httpOther;
      }
      return { code: JSON.stringify(english), map: null };
    },
  };
}

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

/** The texts boot.js preloads, named by meta tags: module → meta name. */
const TEXT_PRELOADS: Record<string, string> = {
  '/src/locales/ar.json': 'makan-texts-ar',
  '/src/app/member/locales/en.json': 'makan-member-texts-en',
  '/src/app/member/locales/ar.json': 'makan-member-texts-ar',
};

/**
 * Names the built chunks of the Arabic shell texts and of the signed-in pages' texts in index.html
 * (meta tags before boot.js), so that boot.js, which knows the reader's language and whether a session
 * is stored, preloads the ones the entry will import: they download beside the entry instead of after
 * it has run.
 */
function textPreloads(): Plugin {
  return {
    name: 'makan:text-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((item) =>
          item.type === 'chunk' ? [item] : [],
        );
        const metas = Object.entries(TEXT_PRELOADS).map(([module, name]) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`${module} is not a chunk of the build`);
          return `<meta name="${name}" content="/${chunk.fileName}">`;
        });
        const boot = '<script src="/boot.js"></script>';
        if (!html.includes(boot)) throw new Error('index.html no longer loads /boot.js');
        // Before boot.js, which reads them as it runs.
        return html.replace(boot, `${metas.join('\n    ')}\n    ${boot}`);
      },
    },
  };
}

export default defineConfig({
  // React with fast refresh in `npm run dev` (docs/decisions/008).
  plugins: [
    englishWithoutContractCopies(),
    react(),
    tailwindcss(),
    textPreloads(),
    routePreloads(),
    precompress(),
  ],
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
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
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
  },
});
