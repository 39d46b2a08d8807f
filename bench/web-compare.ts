import path from 'node:path';
import type { LaunchedChrome } from 'chrome-launcher';
import type { Bench, BenchContext } from './lib/context.ts';
import { kb, ms, type Row, ratioOf } from './lib/report.ts';
import { freshDemoStore, type RunningServer, startServer } from './lib/server.ts';
import { buildWeb, distDir } from './web/bundle.ts';
import { DEMO_USER, firstPostId, signInAs } from './web/demo.ts';
import {
  auditWithRetry,
  launchChrome,
  type PageScore,
  prepareSite,
  sessionEntries,
  storeLocal,
} from './web/lighthouse.ts';

/**
 * `web-compare`: Lighthouse mobile on the same pages of two or more builds of the web app, each served by
 * its own server on its own demo store, measured in turns in one run (the order reversed every other
 * round), so that a change is judged against the build before it on the same machine in the same minutes.
 * Without BENCH_WEB_BUILDS it compares the current build with itself: the spread between the two is the
 * noise a difference must clear.
 */

const SIGNED_IN_PAGES = new Set(['/home', '/post/{id}', '/chat']);
const KNOWN_PAGES = ['/login', '/companies', ...SIGNED_IN_PAGES];

type Build = { label: string; dir: string };
type Site = { build: Build; server: RunningServer; session: Record<string, string>; postId: number };

/** BENCH_WEB_BUILDS=dirA,dirB: the built apps (copies of apps/web/dist) compared, in that order. */
function buildsToCompare(): Build[] {
  const dirs = process.env.BENCH_WEB_BUILDS?.split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  if (!dirs?.length) {
    buildWeb();
    return [
      { label: 'this build (1)', dir: distDir },
      { label: 'this build (2)', dir: distDir },
    ];
  }
  if (dirs.length < 2) throw new Error('BENCH_WEB_BUILDS names at least two built apps, comma-separated');
  return dirs.map((dir, i) => ({ label: `${String.fromCharCode(65 + i)}: ${path.basename(dir)}`, dir }));
}

function pagesToCompare(ctx: BenchContext): string[] {
  if (ctx.smoke) return ['/login'];
  const pages = process.env.BENCH_WEB_PAGES?.split(',').map((p) => p.trim()) ?? ['/post/{id}'];
  for (const page of pages)
    if (!KNOWN_PAGES.includes(page)) throw new Error(`${page} is not one of ${KNOWN_PAGES.join(', ')}`);
  return pages;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function openSite(ctx: BenchContext, build: Build, index: number): Promise<Site> {
  const webDist = prepareSite(build.dir, `web-compare-${index}`);
  const server = await startServer(await freshDemoStore(`web-compare-${index}`, ctx.adminUrl), {
    SEED: 'demo',
    WEB_DIST: webDist,
  });
  const { token, user } = await signInAs(server.url, DEMO_USER);
  return {
    build,
    server,
    session: sessionEntries(token, user),
    postId: await firstPostId(server.url, token),
  };
}

/** One audit of `page` on `site` in `language`, signed in or out as the page needs. */
async function auditOn(chrome: LaunchedChrome, site: Site, page: string, language: string) {
  const signedIn = SIGNED_IN_PAGES.has(page);
  const session = Object.fromEntries(
    Object.entries(site.session).map(([key, value]) => [key, signedIn ? value : null]),
  );
  await storeLocal(chrome, site.server.url, { ...session, language, locale: language });
  return auditWithRetry(chrome, site.server.url + page.replace('{id}', String(site.postId)));
}

function compareRow(
  page: string,
  language: string,
  build: Build,
  runs: PageScore[],
  first: PageScore[],
): Row {
  const score = median(runs.map((r) => r.score));
  const firstScore = median(first.map((r) => r.score));
  const lcp = median(runs.map((r) => r.lcp));
  const tbt = median(runs.map((r) => r.tbt));
  const js = median(runs.map((r) => r.jsTransfer));
  return {
    bench: 'web-compare',
    case: `lighthouse mobile ${page} (${language}), ${build.label}`,
    measured: `median score ${score} (${runs.map((r) => r.score).join(', ')}), LCP ${ms(Math.round(lcp))}, TBT ${ms(Math.round(tbt))}, JS ${kb(js)} sent`,
    baseline: `first build: median score ${firstScore}`,
    ratio: ratioOf(score, firstScore),
    values: {
      medianScore: score,
      medianLcpMs: lcp,
      medianTbtMs: tbt,
      medianJsTransferBytes: js,
      scores: runs.map((r) => r.score).join(' '),
      build: build.dir,
    },
  };
}

export const webCompareBench: Bench = {
  name: 'web-compare',
  describe:
    'Lighthouse mobile on the same pages of two or more builds of the web app (BENCH_WEB_BUILDS), served side by side and measured in turns; without it, this build against itself (the noise)',
  async run(ctx) {
    const builds = buildsToCompare();
    const pages = pagesToCompare(ctx);
    const languages = ctx.smoke ? ['en'] : ['en', 'ar'];
    const rounds = ctx.smoke ? 1 : Number(process.env.BENCH_WEB_ROUNDS ?? 5);
    ctx.log(
      `web-compare: ${builds.map((b) => b.label).join(' vs ')}; ${pages.join(', ')}; ${rounds} round(s)`,
    );
    const sites: Site[] = [];
    const chrome = await launchChrome();
    try {
      for (const [i, build] of builds.entries()) sites.push(await openSite(ctx, build, i));
      const runs = new Map<string, PageScore[]>();
      const key = (page: string, language: string, site: Site) => `${page} ${language} ${site.build.label}`;
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 ? [...sites].reverse() : sites;
        for (const language of languages)
          for (const page of pages)
            for (const site of order) {
              const score = await auditOn(chrome, site, page, language);
              const k = key(page, language, site);
              runs.set(k, [...(runs.get(k) ?? []), score]);
              ctx.log(
                `web-compare: round ${round + 1} ${k}: score ${score.score}, LCP ${ms(Math.round(score.lcp))}, TBT ${ms(Math.round(score.tbt))}`,
              );
            }
      }
      const rows: Row[] = [];
      for (const page of pages)
        for (const language of languages) {
          const first = runs.get(key(page, language, sites[0] as Site)) ?? [];
          for (const site of sites)
            rows.push(
              compareRow(page, language, site.build, runs.get(key(page, language, site)) ?? [], first),
            );
        }
      return rows;
    } finally {
      chrome.kill();
      for (const site of sites) await site.server.stop();
    }
  },
};
