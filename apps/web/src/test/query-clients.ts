import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * The query clients a test rendered with. A test's unmounted tree can leave work behind in its client
 * (a read still waiting out its retry, a mutation in flight) that would otherwise reach the next test's
 * fetch: setup.ts cancels and empties them all after each test.
 */
const live = new Set<QueryClient>();

export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  live.add(client);
  return client;
}

export async function releaseQueryClients(): Promise<void> {
  const clients = [...live];
  live.clear();
  for (const client of clients) {
    await client.cancelQueries();
    client.clear();
  }
}
