import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every wall-clock limit of a server test stretches with TEST_TIME_SCALE (time-scale.ts): CI's
 * PostgreSQL lane runs at nice 10 beside the main lane, where a server process took 84 s to become
 * ready (90 s was its limit) and a hard run failed on four waits that had not stretched. A limit
 * written as a bare number in a test's options or a wait helper's default is the class this finds.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The helpers whose limit is stretched where their deadline is set (`scaled(<param>)` in the file). */
const SCALED_INSIDE: Record<string, string[]> = {
  'test/server-process.ts': ['timeoutMs'],
  'test/queue.ts': ['timeout'],
};

function testSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testSources(full);
    const relative = path.relative(src, full).split(path.sep).join('/');
    return relative.endsWith('.test.ts') || relative.startsWith('test/') ? [relative] : [];
  });
}

/** `timeout: 5000` in an option object (a test's, expect.poll's, vi.waitFor's, a raw exchange's). */
const OPTION = /\b(timeout|timeoutMs|firstByteMs|testTimeout|hookTimeout)\s*:\s*[0-9]/g;
/** `timeoutMs = 5000` as a parameter's default. */
const DEFAULT = /(?:^|[({,])\s*(\w*[tT]imeout\w*)\s*=\s*[0-9]/gm;

function unscaledLimits(relative: string, text: string): string[] {
  const found: string[] = [];
  const line = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(OPTION)) found.push(`${relative}:${line(m.index)} ${m[0].trim()}`);
  for (const m of text.matchAll(DEFAULT)) {
    const name = m[1] ?? '';
    if (SCALED_INSIDE[relative]?.includes(name) && text.includes(`scaled(${name})`)) continue;
    found.push(`${relative}:${line(m.index)} ${m[0].replace(/^[({,\s]+/, '')}`);
  }
  return found;
}

describe('wall-clock limits in the server tests', () => {
  it('all stretch with TEST_TIME_SCALE', () => {
    // This file's own examples aside.
    const files = testSources(src).filter((f) => f !== 'test/time-scale.test.ts');
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => unscaledLimits(f, readFileSync(path.join(src, f), 'utf8')));
    expect(found, 'write these limits as scaled(n) (src/test/time-scale.ts)').toEqual([]);
  });

  it('finds a bare limit in an option and in a default, and passes a scaled one', () => {
    expect(unscaledLimits('a.test.ts', 'await vi.waitFor(check, { timeout: 5000 });')).toHaveLength(1);
    expect(unscaledLimits('a.test.ts', 'function next(event, timeoutMs = 5000) {}')).toHaveLength(1);
    expect(unscaledLimits('a.test.ts', 'it("x", { timeout: scaled(5000) }, run);')).toEqual([]);
    expect(unscaledLimits('a.test.ts', 'function next(event, timeoutMs = scaled(5000)) {}')).toEqual([]);
    expect(unscaledLimits('test/queue.ts', 'f(timeout = 10) { deadline(scaled(timeout)); }')).toEqual([]);
  });
});
