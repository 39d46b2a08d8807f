import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Bench, type BenchContext, judge } from './lib/context.ts';
import { mb, ms, type Row, ratioOf } from './lib/report.ts';
import { freshDemoStore, signIn, startServer } from './lib/server.ts';
import { percentile } from './lib/stats.ts';
import { createPost } from './uploads/create-post.ts';
import { floorTime } from './uploads/floor.ts';
import { FULL_SET, photoFiles, readPhotos, SMOKE_SET } from './uploads/photos.ts';
import { idleRss, rssSeries } from './uploads/rss.ts';

/** Issue 7: ten parallel 10 MB uploads keep the server's RSS at or under this. */
const RSS_TARGET = 400 * 1024 * 1024;
/** Demo accounts that post, one upload each in turn: ten people posting at once, not one in a loop. */
const USERS = ['sara', 'omar', 'mona', 'noor'].map((u) => `${u}@makan.example`);

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

async function run(ctx: BenchContext): Promise<Row[]> {
  const set = ctx.smoke ? SMOKE_SET : FULL_SET;
  const files = await photoFiles(set, ctx.log);
  const photos = readPhotos(files).map((bytes, i) => ({ file: files[i] ?? '', bytes }));
  const totalBytes = photos.reduce((sum, p) => sum + p.bytes.length, 0);
  const label = `${set.count} × ${mb(totalBytes / set.count)} JPEG (${set.width}×${set.height})`;

  // The floor first, while no server competes for the cores: the bench process does the server's
  // sharp work on the same files, all at once. Twice, keeping the faster (the first warms sharp up).
  const buffers = photos.map((p) => p.bytes);
  const floor = Math.min(await floorTime(buffers), await floorTime(buffers));
  ctx.log(`uploads: floor (sharp in the bench process) ${Math.round(floor)} ms`);

  const store = await freshDemoStore('uploads', ctx.adminUrl);
  const server = await startServer(store, { SEED: 'demo' });
  try {
    const tokens = await Promise.all(USERS.map((u) => signIn(server.url, u)));
    await sleep(1000);
    const idle = await idleRss(server.pid);

    const series = rssSeries(server.pid, 25);
    // On PGlite the database has a process of its own; its memory is shown beside the server's.
    const databasePid = server.databasePid();
    const databaseSeries = databasePid ? rssSeries(databasePid, 25) : undefined;
    const started = performance.now();
    const results = await Promise.all(
      photos.map((photo, i) => createPost(server.url, tokens[i % tokens.length] ?? '', photo, i)),
    );
    const total = performance.now() - started;
    await sleep(500);
    const { peak, samples } = series.stop();
    const databasePeak = databaseSeries?.stop().peak;
    const after = samples.at(-1) ?? 0;

    // Every post's two files are on disk, where the server serves them from.
    for (const { post } of results) {
      for (const media of post.media) {
        for (const url of [media.url, media.url_large]) {
          const file = path.join(store.dataDir, url.replace(/^\/media\//, 'media/'));
          if (!existsSync(file)) throw new Error(`post ${post.id}: ${url} is not on disk`);
        }
      }
    }
    const latencies = results.map((r) => r.ms);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    ctx.log(
      `uploads: ${Math.round(total)} ms; RSS idle ${mb(idle)}, peak ${mb(peak)}, after ${mb(after)} (${samples.length} samples)`,
    );
    const values = {
      photos: set.count,
      photoBytes: totalBytes / set.count,
      totalMs: total,
      p50Ms: p50,
      p99Ms: p99,
      floorMs: floor,
      idleRss: idle,
      peakRss: peak,
      afterRss: after,
      samples: samples.length,
      ...(databasePeak ? { databasePeakRss: databasePeak } : {}),
    };
    return [
      {
        bench: 'uploads',
        case: `${label} in parallel: time`,
        measured: `${ms(total)} in all, per upload p50 ${ms(p50)}, p99 ${ms(p99)}`,
        baseline: `floor ${ms(floor)}: the same sharp work in the bench process, in parallel`,
        ratio: ratioOf(total, floor),
        values,
      },
      {
        bench: 'uploads',
        case: `${label} in parallel: server peak RSS`,
        measured: `peak ${mb(peak)} (+${mb(peak - idle)}), ${mb(after)} after${
          databasePeak ? `; the embedded database's own process: peak ${mb(databasePeak)}` : ''
        }`,
        baseline: `idle ${mb(idle)}`,
        ratio: ratioOf(peak, idle),
        target: `≤ ${mb(RSS_TARGET)}`,
        met: judge(ctx, peak <= RSS_TARGET),
        values: { ...values, rssTarget: RSS_TARGET, growthRss: peak - idle },
      },
    ];
  } catch (err) {
    ctx.log(`uploads: server output:\n${server.output().slice(-4000)}`);
    throw err;
  } finally {
    await server.stop();
  }
}

export const uploadsBench: Bench = {
  name: 'uploads',
  describe: 'ten parallel ~9.9 MB photo posts (smoke: two of ~1 MB); time and the server peak RSS',
  run,
};
