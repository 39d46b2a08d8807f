import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MinimalUser } from '@makan/contract/auth';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { workDir } from '../lib/server.ts';
import { distDir } from './bundle.ts';

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The trivial page every Lighthouse score is compared with: served by the same server, same run. */
export const BASELINE_PAGE = '/bench-baseline.html';
const SESSION_PAGE = '/bench-session.html';
/**
 * The host's speed, measured by the same Lighthouse in the same run: a page whose script does a fixed
 * amount of work a page's scripts do (build objects, JSON out and back, sort), in eight tasks after
 * load. Its total blocking time scales with how fast this machine runs script at that moment; the static
 * baseline scores 100 on a slow host as on a fast one, so it cannot say why a page's TBT doubled.
 */
export const CPU_PAGE = '/bench-cpu.html';

/**
 * A copy of a built app (`source`, by default apps/web/dist) in bench/.work/`name`, for a benchmark's
 * server (WEB_DIST), so a rebuild elsewhere cannot change it mid-run, plus bench-only pages: the static baseline,
 * the host's speed (CPU_PAGE), and a page that stores a session in
 * localStorage the way the app does after a login (auth_token, user_data), so signed-in pages can be
 * measured without a browser automation library; the app's boot.js then runs on it, which sets the
 * language cookie from the stored language as the app does (the server picks the prerendered page's
 * language by it). Scripts are files: the CSP allows 'self' scripts only.
 */
export function prepareSite(source: string = distDir, name = 'web-dist'): string {
  const dir = path.join(workDir, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(source, dir, { recursive: true });
  writeFileSync(
    path.join(dir, BASELINE_PAGE),
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head>' +
      '<body><h1>Makan</h1><p>A static page, the floor of what this server and browser can score.</p></body></html>\n',
  );
  writeFileSync(
    path.join(dir, CPU_PAGE),
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>CPU</title>' +
      '<script src="/bench-cpu.js" defer></script></head><body><h1>Makan</h1><p>Fixed script work.</p></body></html>\n',
  );
  writeFileSync(
    path.join(dir, 'bench-cpu.js'),
    [
      'const work = () => {',
      '  const rows = [];',
      '  for (let i = 0; i < 4000; i++) rows.push({ id: i, name: "listing " + i, price: (i * 7919) % 100003, tags: [i % 7, i % 11] });',
      '  const back = JSON.parse(JSON.stringify(rows));',
      '  back.sort((a, b) => a.price - b.price || a.name.localeCompare(b.name));',
      '  return back[0].id;',
      '};',
      'let left = 8;',
      'const task = () => {',
      '  for (let i = 0; i < 6; i++) work();',
      '  if (--left > 0) setTimeout(task, 0);',
      "  else document.title = 'done';",
      '};',
      "addEventListener('load', () => setTimeout(task, 0));",
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, SESSION_PAGE),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>storing</title>' +
      '<script src="/bench-session.js"></script><script src="/boot.js"></script></head><body></body></html>\n',
  );
  writeFileSync(
    path.join(dir, 'bench-session.js'),
    [
      "const session = JSON.parse(new URLSearchParams(location.search).get('session'));",
      'for (const [key, value] of Object.entries(session))',
      '  value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value);',
      "document.title = 'stored';",
      '',
    ].join('\n'),
  );
  return dir;
}

export async function launchChrome(): Promise<LaunchedChrome> {
  return launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type DevtoolsTarget = { id: string; title: string; url: string };

/**
 * Sets (or, for null, removes) localStorage entries for `origin` in the browser, through a bench-only
 * page: a signed-in session (auth_token, user_data, user_email) the way the app keeps it after a login,
 * or the reader's language.
 */
export async function storeLocal(
  chrome: LaunchedChrome,
  origin: string,
  entries: Record<string, string | null>,
): Promise<void> {
  const target = `${origin}${SESSION_PAGE}?session=${encodeURIComponent(JSON.stringify(entries))}`;
  const devtools = `http://127.0.0.1:${chrome.port}/json`;
  const res = await fetch(`${devtools}/new?${target}`, { method: 'PUT' });
  const tab = (await res.json()) as DevtoolsTarget;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const list = (await (await fetch(`${devtools}/list`)).json()) as DevtoolsTarget[];
    if (list.some((t) => t.id === tab.id && t.title === 'stored')) break;
    if (Date.now() > deadline) throw new Error('the storing page did not store its entries in 15 s');
    await sleep(100);
  }
  await fetch(`${devtools}/close/${tab.id}`);
}

/** The session the web app keeps after a login. */
export const sessionEntries = (token: string, user: MinimalUser): Record<string, string> => ({
  auth_token: token,
  user_data: JSON.stringify(user),
  user_email: user.email,
});

export type PageScore = {
  /** 0–100. */
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Bytes of JS transferred (compressed, as served). */
  jsTransfer: number;
  /** Where the page ended (a guard redirect shows here). */
  finalUrl: string;
};

type NetworkItem = { resourceType?: string; transferSize?: number };

/** One Lighthouse navigation with its default mobile settings (Moto G Power, simulated slow 4G, 4× CPU). */
export async function audit(chrome: LaunchedChrome, url: string): Promise<PageScore> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const jsTransfer = (details?.items ?? [])
    .filter((i) => i.resourceType === 'Script')
    .reduce((total, i) => total + (i.transferSize ?? 0), 0);
  if (process.env.BENCH_WEB_DETAIL) logWhereTheTimeWent(url, lhr.audits);
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    jsTransfer,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

type DetailItem = Record<string, unknown>;

/**
 * `BENCH_WEB_DETAIL=1`: where a page's main-thread time went (while iterating on TBT): the scripts
 * that cost most CPU, the long tasks, the main thread's breakdown, the largest paint's element and phases,
 * and the requests with their times, on stderr.
 */
function logWhereTheTimeWent(url: string, audits: Record<string, { details?: unknown } | undefined>) {
  const items = (id: string, count: number) =>
    ((audits[id]?.details as { items?: DetailItem[] } | undefined)?.items ?? []).slice(0, count);
  const ms = (value: unknown) => (typeof value === 'number' ? `${Math.round(value)} ms` : '');
  const lines = [`-- ${url}`];
  for (const i of items('bootup-time', 6))
    lines.push(`  script ${String(i.url)}: total ${ms(i.total)}, scripting ${ms(i.scripting)}`);
  for (const i of items('long-tasks', 8))
    lines.push(`  long task ${String(i.url)} at ${ms(i.startTime)}: ${ms(i.duration)}`);
  for (const i of items('mainthread-work-breakdown', 6))
    lines.push(`  ${String(i.groupLabel)}: ${ms(i.duration)}`);
  // The largest paint: which element, and its phases (time to first byte, load delay, load, render delay).
  for (const part of items('largest-contentful-paint-element', 2)) {
    for (const row of (part as { items?: DetailItem[] }).items ?? []) {
      const node = row.node as { snippet?: string } | undefined;
      if (node?.snippet) lines.push(`  LCP element ${node.snippet.slice(0, 160)}`);
      else if (row.phase) lines.push(`  LCP ${String(row.phase)}: ${ms(row.timing)}`);
    }
  }
  for (const i of items('network-requests', 40).filter((r) => Number(r.networkEndTime) > 0))
    lines.push(
      `  request ${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${ms(i.networkRequestTime)} → ${ms(i.networkEndTime)} (${Math.round(Number(i.transferSize) / 1024)} KB)`,
    );
  console.error(lines.join('\n'));
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): such a run is tried again, twice. */
export async function auditWithRetry(chrome: LaunchedChrome, url: string): Promise<PageScore> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(chrome, url);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** `runs` navigations of `url`; the run with the median score stands for the page. */
export async function medianAudit(chrome: LaunchedChrome, url: string, runs: number): Promise<PageScore> {
  const scores: PageScore[] = [];
  for (let i = 0; i < runs; i++) scores.push(await auditWithRetry(chrome, url));
  scores.sort((a, b) => a.score - b.score);
  const median = scores[Math.floor(scores.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return median;
}
