/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
// By path: Node loads this config, and leaves the contract package's TypeScript to the app's build.
import { valueImports } from '../../packages/contract/src/module-imports.ts';
import { type GraphModule, partition } from './build/chunk-partition.ts';
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

/** Every file under `dir`, as paths relative to it with forward slashes. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));

/**
 * A step run once the client build is written (not after the server-side build of the shells, which
 * writes elsewhere), given the project's root and the build's output folder.
 */
function afterClientBuild(
  name: string,
  run: (dirs: { root: string; outDir: string }) => void | Promise<void>,
): Plugin {
  let dirs = { root: '', outDir: '' };
  let isSsrBuild = false;
  return {
    name,
    apply: 'build',
    configResolved(config) {
      dirs = { root: config.root, outDir: path.resolve(config.root, config.build.outDir) };
      isSsrBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!isSsrBuild) await run(dirs);
    },
  };
}

/**
 * Writes a .br and a .gz beside every text asset of the build, compressed once at the highest levels;
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json)$/;
  return afterClientBuild('makan:precompress', ({ outDir }) => {
    for (const file of filesUnder(outDir).map((name) => path.join(outDir, name))) {
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
  });
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

/**
 * Writes dist/route-preloads.json: for each client route, the JS chunks its page needs beyond the
 * entry's (its module and what that imports statically). The server lists them in index.html as
 * modulepreload links, so they download beside the entry instead of after it has run.
 */
function routePreloads(): Plugin {
  return afterClientBuild('makan:route-preloads', ({ outDir }) => {
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
  });
}

/** The texts boot.js preloads, named by meta tags: module → meta name. */
const TEXT_PRELOADS: Record<string, string> = {
  '/src/locales/en.json': 'makan-texts-en',
  '/src/locales/ar.json': 'makan-texts-ar',
  '/src/app/member/locales/en.json': 'makan-member-texts-en',
  '/src/app/member/locales/ar.json': 'makan-member-texts-ar',
};

/**
 * Names the built chunks of the shell's texts and of the signed-in pages' texts in index.html
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

/** The prerender's module (src/prerender.tsx) as the SSR build writes it. */
type PrerenderModule = typeof import('./src/prerender.tsx');

/** The one #root element of index.html, on one line: the prerendered page takes its place. */
const ROOT_ELEMENT = /<div id="root">.*<\/div>/;
const HTML_ELEMENT = '<html lang="en" dir="ltr">';
/** index.html names the English manifest; a shell names its language's in its HTML already. */
const MANIFEST_LINK = '<link rel="manifest" href="/manifest-en.webmanifest" />';
const TITLE_ELEMENT = '<title>Makan</title>';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const BOOT_SCRIPT = '<script src="/boot.js"></script>';

/**
 * A prerendered page paints from its HTML and stylesheet; its scripts only make it work. They are named
 * in meta tags instead of loaded (the entry before boot.js, which reads it as it runs; its chunks
 * where their preload links were), and boot.js loads them once the page has painted, so they take
 * none of the bandwidth the first paint needs. A page whose guard lets only signed-in (or only
 * signed-out) readers in says so before boot.js too.
 */
function deferScripts(html: string, onlyFor: string | null): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry || !html.includes(BOOT_SCRIPT))
    throw new Error('index.html no longer loads its entry and boot.js');
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, (_, href: string) => `<meta name="makan-module" content="${href}">\n    `)
    .replace(
      BOOT_SCRIPT,
      `${onlyFor ? `<meta name="makan-only-for" content="${onlyFor}">\n    ` : ''}<meta name="makan-entry" content="${entry}">\n    ${BOOT_SCRIPT}`,
    );
}

/**
 * After the client build, prerenders the pages of SHELL_ROUTES in each language: builds
 * src/prerender.tsx for Node with this same config (`vite build --ssr`, into
 * node_modules/.makan-prerender-…), runs it, and writes dist/shells/<language>/<route>.html, which is
 * the built index.html with the page inside #root, the language's lang and dir on <html> and the
 * page's own <title> if it renders one, plus dist/shells.json (route → language → file) for the
 * server, which sends them instead of index.html (apps/server/src/plugins/web.ts). The browser then
 * hydrates the page instead of drawing it after its script has run (docs/decisions/011).
 */
function prerenderShells(): Plugin {
  return afterClientBuild('makan:prerender-shells', async ({ root, outDir }) => {
    // A folder of its own per build: the chunks import the entry by its path, so the entry must be
    // imported by that same path (no query) for them to share its state, and a later build in the
    // same process (watch mode) must not find the previous build's modules under it.
    const ssrDir = path.join(root, `node_modules/.makan-prerender-${Date.now()}`);
    await build({
      root,
      mode: 'production',
      logLevel: 'warn',
      build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false },
    });
    try {
      const entry = pathToFileURL(path.join(ssrDir, 'prerender.js'));
      const { renderShells, EARLY_READS } = (await import(entry.href)) as PrerenderModule;
      // The reads each signed-in page makes first (app/early-reads.ts), named before boot.js, which
      // starts them as it runs. Read from the app's own module here: the config cannot import it (it
      // uses the contract's values, which Node cannot load as TypeScript).
      const reads = JSON.stringify(EARLY_READS).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8').replace(
        BOOT_SCRIPT,
        `<meta name="makan-early-reads" content="${reads}">\n    ${BOOT_SCRIPT}`,
      );
      writeFileSync(path.join(outDir, 'index.html'), index);
      if (!ROOT_ELEMENT.test(index) || !index.includes(HTML_ELEMENT) || !index.includes(TITLE_ELEMENT)) {
        throw new Error('index.html no longer has the <html>, <title> and #root elements the shells replace');
      }
      const shellsDir = path.join(outDir, 'shells');
      rmSync(shellsDir, { recursive: true, force: true });
      const files: Record<string, Record<string, string>> = {};
      for (const shell of await renderShells()) {
        const name = shell.route.slice(1).replace(/[/:]+/g, '-');
        const file = `shells/${shell.language}/${name}.html`;
        mkdirSync(path.join(shellsDir, shell.language), { recursive: true });
        writeFileSync(
          path.join(outDir, file),
          deferScripts(index, shell.onlyFor)
            .replace(HTML_ELEMENT, `<html lang="${shell.language}" dir="${shell.dir}">`)
            .replace(MANIFEST_LINK, `<link rel="manifest" href="/manifest-${shell.language}.webmanifest" />`)
            .replace(TITLE_ELEMENT, () => (shell.head.includes('<title>') ? '' : TITLE_ELEMENT))
            .replace('</head>', () => `${shell.head}</head>`)
            .replace(ROOT_ELEMENT, () => shell.root),
        );
        files[shell.route] = { ...files[shell.route], [shell.language]: file };
      }
      writeFileSync(path.join(outDir, 'shells.json'), `${JSON.stringify(files, null, 2)}\n`);
    } finally {
      rmSync(ssrDir, { recursive: true, force: true });
    }
  });
}

/**
 * After the client build, writes dist/sw.js, the service worker (src/sw/service-worker.ts, built on its
 * own as one classic script: no chunk of the app's, no module worker), with the list of files it
 * keeps for the app to open offline: index.html, every file of public/ and every hashed asset but
 * source maps (and the compressed copies, which the browser never asks for by name). Its version is a
 * hash of those files' contents, so any change to them makes a new worker with a new cache
 * (docs/decisions/024).
 */
function serviceWorker(): Plugin {
  return afterClientBuild('makan:service-worker', async ({ root, outDir }) => {
    const assets = filesUnder(path.join(outDir, 'assets'))
      .filter((file) => !/\.(map|gz|br)$/.test(file))
      .map((file) => `assets/${file}`);
    const files = ['index.html', ...filesUnder(path.join(root, 'public')), ...assets].sort();
    const version = createHash('sha256');
    for (const file of files) version.update(file).update(readFileSync(path.join(outDir, file)));
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'warn',
      publicDir: false,
      define: {
        __MAKAN_PRECACHE__: JSON.stringify(files.map((file) => `/${file}`)),
        __MAKAN_VERSION__: JSON.stringify(version.digest('hex').slice(0, 16)),
      },
      build: {
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        sourcemap: false,
        minify: true,
        lib: {
          entry: path.join(root, 'src/sw/service-worker.ts'),
          formats: ['iife'],
          name: 'makanServiceWorker',
          fileName: () => 'sw.js',
        },
      },
    });
  });
}

/**
 * zod, and the contract's modules that build schemas with it (those that import it). The build keeps them
 * in chunks of their own (`zod` and `schemas` below), never merged with other code: the feed and a
 * post's page read their answers without zod (src/lib/read.ts) and load the schemas only for a form's
 * check, and a schema in a chunk shared with code a page runs at once would bring zod back to that
 * page (issue 17; decision 033).
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const CONTRACT_SOURCES = path.resolve(import.meta.dirname, '../../packages/contract/src');
const SCHEMA_MODULES = new Set(
  readdirSync(CONTRACT_SOURCES)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => valueImports(readFileSync(path.join(CONTRACT_SOURCES, file), 'utf8')).includes('zod'))
    .map((file) => path.join(CONTRACT_SOURCES, file)),
);

/**
 * The chunks of the modules two or more pages share, by the pages that use them (build/chunk-partition.ts;
 * decision 035): worked out from the whole module graph once it is loaded, read by the `shared` group.
 */
function chunksByPages() {
  let names = new Map<string, string>();
  const plugin: Plugin = {
    name: 'makan:chunks-by-pages',
    apply: 'build',
    buildEnd() {
      const modules: GraphModule[] = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        modules.push({
          id,
          imports: info.importedIds,
          isEntry: info.isEntry,
          isRoot: info.isEntry || info.dynamicImporters.length > 0,
          size: info.code?.length ?? 0,
        });
      }
      // Source bytes before minifying (20 KB: about 6 KB minified, 2 KB gzip). Measured, first-load
      // gzip KB / files, at most 20 / 30 / 40 / 60 KB unused per page: /home 186.3 / 19, 184.4 / 15,
      // 187.3 / 15, 187.0 / 14; /chat 189.5 / 14, 189.8 / 13, 192.6 / 14, 192.2 / 12.
      const joins = { mergeBelow: 20 * 1024, unusedMax: 30 * 1024 };
      names = partition(
        modules,
        { place: (id) => !ZOD.test(id) && !SCHEMA_MODULES.has(id), prefix: 'shared', ...joins },
        // The schemas the same way, in chunks of their own: a chunk holding both would bring zod to
        // pages that only run the other code.
        { place: (id) => SCHEMA_MODULES.has(id), prefix: 'schemas', ...joins },
      );
    },
  };
  return { plugin, chunkOf: (id: string) => names.get(id) ?? null };
}
const sharedChunks = chunksByPages();

export default defineConfig({
  // React with fast refresh in `npm run dev` (docs/decisions/008).
  plugins: [
    englishWithoutContractCopies(),
    sharedChunks.plugin,
    react(),
    tailwindcss(),
    textPreloads(),
    routePreloads(),
    prerenderShells(),
    serviceWorker(),
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
      output: {
        // Fewer, larger chunks. Left to itself the build made a chunk of every set of pages that share a
        // module: 104 files, 48 of them on /post/{id} and 42 on /chat, each a request of its own on
        // HTTP/1.1's six connections, so a page's JS (and the photo behind it) arrived late on a slow
        // phone. What the entry loads statically is one chunk; a module used by two or more pages goes
        // to a chunk of the pages that use it, and a small such chunk joins another only where no page
        // then loads code, or imports, it did not load before beyond a few bytes (build/chunk-partition.ts):
        // 59 files, 15 on /post/{id}, 13 on /chat (docs/decisions/031-fewer-chunks.md, 035: rolldown's
        // own merge joined nearest neighbours, and one changed import sent the post's page the chat's
        // live code and zod, 185 → 241 KB). Merged chunks can import each other both ways: the order
        // the modules run in is kept as written (without it a merged chunk ran a module before the one
        // it imports).
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 4 },
            // zod in one chunk; every other module two or more pages share, the contract's schema modules
            // apart from the rest, in chunks by the pages that use them (chunksByPages above).
            { name: 'zod', test: ZOD, priority: 3 },
            {
              name: sharedChunks.chunkOf,
              debugName: 'shared',
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      // Libraries' 'use client' lines mean nothing in a client-only bundle.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
  test: {
    // The projects 'web' and 'web-isolated' (vitest.config.ts at the root) extend this and say which files each runs.
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A test that renders a whole page and types into several fields took up to 5 s on 2 cores while CI's
    // PostgreSQL lane ran beside it (three such failures at vitest's default 5 s, none when quiet): each
    // findBy may already wait 5 s (src/test/setup.ts). A longer ceiling changes no assertion, only how long
    // a hung test takes to fail.
    testTimeout: 20_000,
  },
});
