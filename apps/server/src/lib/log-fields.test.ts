import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import type { App } from './http.ts';
import { redactUrl } from './log-fields.ts';

/**
 * The access log never holds an address's secret: the one-click unsubscribe token, a chat file's
 * signature, an OAuth code or state. The path and the other parameters stay, so a request can
 * still be followed.
 */
const lines: string[] = [];
let app: App;
beforeAll(async () => {
  ({ app } = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logger: true, logStream: { write: (line) => void lines.push(line) } },
  ));
  await app.ready();
});
afterAll(() => app?.close());

describe('the access log', () => {
  it('leaves out the secrets of the addresses it records', async () => {
    const secrets = ['UNSUB-SECRET.abc', 'FILE-SIGNATURE', 'OAUTH-CODE', 'OAUTH-STATE'];
    for (const url of [
      `/api/notifications/unsubscribe?token=${secrets[0]}`,
      `/api/chat/files/1?size=full&expires=99&signature=${secrets[1]}`,
      `/api/auth/linkedin/callback?code=${secrets[2]}&State=${secrets[3]}`,
    ])
      await app.inject({ method: 'GET', url });
    const log = lines.join('');
    expect(log).toContain('/api/notifications/unsubscribe?token=[redacted]');
    expect(log).toContain('/api/chat/files/1?size=full&expires=99&signature=[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('redacts by name, whatever its spelling, and nothing else', () => {
    expect(redactUrl('/a?x=1&token=2&y=3')).toBe('/a?x=1&token=[redacted]&y=3');
    expect(redactUrl('/a?%74oken=2')).toBe('/a?%74oken=[redacted]');
    expect(redactUrl('/a?Signature=2')).toBe('/a?Signature=[redacted]');
    expect(redactUrl('/a?tokens=2&token')).toBe('/a?tokens=2&token');
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/a?%E0%A4%A=1')).toBe('/a?%E0%A4%A=1');
  });
});
