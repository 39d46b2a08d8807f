import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoDir, workDir } from '../lib/server.ts';
import { type Bytes, bytesOfFile } from './bundle.ts';

/**
 * The floor every route's JS is compared with (issue 17): a bundle of nothing but react-dom/client's
 * createRoot rendering nothing, built by the same Vite with its defaults in the same run. What a page
 * loads beyond it is ours and the libraries'.
 */
export function buildFloor(): Bytes {
  const dir = path.join(workDir, 'react-floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
  writeFileSync(
    path.join(dir, 'main.js'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(null);\n",
  );
  const vite = path.join(repoDir, 'node_modules/.bin/vite');
  execFileSync(vite, ['build', dir, '--outDir', path.join(dir, 'dist'), '--logLevel', 'error'], {
    cwd: dir,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const assets = path.join(dir, 'dist/assets');
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const b = bytesOfFile(path.join(assets, file));
    total.raw += b.raw;
    total.gzip += b.gzip;
    total.brotli += b.brotli;
  }
  return total;
}
