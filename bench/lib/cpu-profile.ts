import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a process's main thread spent a stretch of time, from a V8 CPU profile (`node --cpu-prof`):
 * the samples taken between two instants, each put in one category by the function it was in and,
 * for native code (a syscall, a builtin), by the JavaScript that called it. With BENCH_PROFILE=1 the
 * http bench runs the server under the profiler and adds one such row per endpoint (bench/README.md).
 *
 * The profile's timestamps are the monotonic clock in microseconds, the one `process.hrtime` reads in
 * every process on the machine, so the bench's own instants (`monotonicMicros`) place its windows in
 * the server's profile.
 */

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** Now, on the clock V8's profiles use (microseconds). */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** The main thread's profile a process `pid` wrote into `dir` when it ended (`CPU.<…>.<pid>.0.<…>.cpuprofile`). */
export function mainThreadProfile(dir: string, pid: number): string | undefined {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.0.`));
  return file ? path.join(dir, file) : undefined;
}

const PACKAGE = /node_modules\/((?:@[^/]+\/)?[^/]+)/;

function packageCategory(name: string): string {
  if (name.startsWith('pg')) return 'pg client';
  if (name.includes('drizzle')) return 'drizzle';
  if (name.includes('zod')) return 'zod';
  if (name.includes('fastify') || name === 'find-my-way' || name === 'avvio') return 'fastify';
  if (name.includes('socket.io') || name.includes('engine.io') || name === 'ws') return 'socket.io';
  return `other packages`;
}

/** Reads a profile and answers, for a window [from, to) in monotonic microseconds, each category's share. */
export function readProfile(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map<number, string>();

  const ancestors = function* (id: number) {
    for (let cur = parent.get(id); cur !== undefined; cur = parent.get(cur)) {
      const node = byId.get(cur);
      if (node) yield { id: cur, frame: node.callFrame };
    }
  };

  const categoryOf = (id: number): string => {
    const known = memo.get(id);
    if (known) return known;
    const frame = byId.get(id)?.callFrame ?? { functionName: '', url: '' };
    const { functionName: fn, url } = frame;
    let category: string;
    if (fn === '(idle)') category = 'idle';
    else if (fn === '(garbage collector)') category = 'garbage collection';
    else if (fn === '(program)') category = 'V8 and libuv (program)';
    else if (fn === 'writev' || (fn.startsWith('write') && url === '')) {
      // A socket write (a syscall): to the database, an HTTP client or a Socket.IO client, by who asked.
      category = 'socket writes: other';
      for (const a of ancestors(id)) {
        if (/node_modules\/pg/.test(a.frame.url)) {
          category = 'socket writes to the database';
          break;
        }
        if (a.frame.url.includes('_http_outgoing') || a.frame.url.includes('fastify')) {
          category = 'socket writes to HTTP clients';
          break;
        }
        if (/node_modules\/(ws|engine\.io)\//.test(a.frame.url)) {
          category = 'socket writes to Socket.IO clients';
          break;
        }
      }
    } else if (url === '') {
      // Native code (a builtin such as JSON.stringify or a Buffer copy): counted with its caller.
      category = 'native';
      for (const a of ancestors(id)) {
        if (a.frame.url) {
          category = categoryOf(a.id);
          break;
        }
      }
    } else {
      const pkg = url.match(PACKAGE)?.[1];
      if (pkg) category = packageCategory(pkg);
      else if (url.includes('dist/server.js')) category = 'the app (dist/server.js)';
      else if (url.startsWith('node:'))
        category = /http/.test(url) ? 'node:http' : 'node (streams, net, events…)';
      else category = 'other';
    }
    memo.set(id, category);
    return category;
  };

  return {
    /** Shares of the window's sampled time, largest first. */
    window(from: number, to: number): { category: string; share: number }[] {
      const totals = new Map<string, number>();
      let all = 0;
      let t = profile.startTime;
      for (let i = 0; i < profile.samples.length; i++) {
        const dt = profile.timeDeltas[i] ?? 0;
        t += dt;
        if (t < from || t >= to) continue;
        const category = categoryOf(profile.samples[i] ?? 0);
        totals.set(category, (totals.get(category) ?? 0) + dt);
        all += dt;
      }
      return [...totals]
        .map(([category, time]) => ({ category, share: all > 0 ? time / all : 0 }))
        .sort((a, b) => b.share - a.share);
    },
  };
}

/** "idle 13 %, socket writes to the database 23 %, …": the shares of 1 % and more. */
export function describeShares(shares: { category: string; share: number }[]): string {
  return shares
    .filter((s) => s.share >= 0.01)
    .map((s) => `${s.category} ${Math.round(s.share * 100)} %`)
    .join(', ');
}
