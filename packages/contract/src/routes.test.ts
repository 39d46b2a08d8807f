import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTE_PREFIXES, PROTECTED_ROUTES, PUBLIC_ONLY_ROUTES } from './routes.ts';

describe('routes', () => {
  it('lists every top-level client path once, including the root and /messages', () => {
    expect(CLIENT_ROUTE_PREFIXES).toContain('');
    expect(CLIENT_ROUTE_PREFIXES).toContain('messages');
    expect(CLIENT_ROUTE_PREFIXES).toContain('chat');
    expect(new Set(CLIENT_ROUTE_PREFIXES).size).toBe(CLIENT_ROUTE_PREFIXES.length);
    expect(CLIENT_ROUTE_PREFIXES).not.toContain('api');
  });
  it('keeps auth pages and protected pages apart', () => {
    const overlap = PUBLIC_ONLY_ROUTES.filter((r) => (PROTECTED_ROUTES as readonly string[]).includes(r));
    expect(overlap).toEqual([]);
  });
});
