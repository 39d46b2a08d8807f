import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../lib/http.ts';
import { repoRoot } from '../paths.ts';
import { createTestApp } from '../test/test-app.ts';
import { OPENAPI_TAGS, operationIdOf } from './openapi.ts';

/**
 * Issue 16: the served OpenAPI document passes Spectral's `spectral:oas` ruleset (the repo's
 * .spectral.yaml) with no errors and no warnings, checked by the real CLI as `npm run lint:openapi` runs it.
 */

let app: App;
let document: unknown;

beforeAll(async () => {
  ({ app } = await createTestApp());
  const res = await app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  document = res.json();
});

// Closing the app closes its database.
afterAll(() => app?.close());

const findings = z.array(
  z
    .object({
      code: z.union([z.string(), z.number()]),
      message: z.string(),
      path: z.array(z.union([z.string(), z.number()])),
      severity: z.number(),
    })
    .loose(),
);
const SEVERITY = ['error', 'warning', 'information', 'hint'];

const operationsSchema = z.object({
  tags: z.array(z.object({ name: z.string() }).loose()),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
const operationSchema = z.object({ tags: z.array(z.string()).optional(), operationId: z.string() }).loose();

describe('OpenAPI document', () => {
  it('passes spectral:oas with 0 errors and 0 warnings', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'makan-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = path.join(repoRoot, 'node_modules/@stoplight/spectral-cli/dist/index.js');
    const args = [cli, 'lint', file, '--ruleset', path.join(repoRoot, '.spectral.yaml')];
    // Exits non-zero when it finds an error; the findings are on stdout either way.
    const stdout = await promisify(execFile)(process.execPath, [...args, '--format', 'json', '--quiet'], {
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      (result) => result.stdout,
      (err: unknown) => z.object({ stdout: z.string() }).parse(err).stdout,
    );
    const results = findings.parse(JSON.parse(stdout));
    const lines = results.map(
      (r) => `${SEVERITY[r.severity] ?? r.severity} ${r.code} at ${r.path.join('.')}: ${r.message}`,
    );
    expect(lines, lines.join('\n')).toEqual([]);
  }, 60_000);

  it('declares only tags some operation uses, and derives readable operation ids', () => {
    const doc = operationsSchema.parse(document);
    const used = new Set(
      Object.values(doc.paths).flatMap((item) =>
        Object.values(item).flatMap((op) => operationSchema.safeParse(op).data?.tags ?? []),
      ),
    );
    expect(doc.tags.map((t) => t.name).filter((name) => !used.has(name))).toEqual([]);
    expect(doc.tags.map((t) => t.name)).toEqual(OPENAPI_TAGS.map((t) => t.name));
    expect(operationSchema.parse(doc.paths['/api/posts/{id}/comments']?.get).operationId).toBe(
      'getPostsByIdComments',
    );
    expect(operationIdOf('delete', '/api/chat/conversations/{id}/messages/{messageId}')).toBe(
      'deleteChatConversationsByIdMessagesByMessageId',
    );
    expect(operationIdOf('get', '/api/profiles-list/all')).toBe('getProfilesListAll');
    expect(operationIdOf('get', '/health/live')).toBe('getHealthLive');
  });
});
