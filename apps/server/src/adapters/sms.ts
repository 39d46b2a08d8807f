import type { Outbox } from './outbox.ts';

/** Outgoing SMS. The default writes to the outbox; SMS_HTTP_URL selects the HTTP provider adapter. */
export type SmsSender = { kind: 'http' | 'outbox'; send: (to: string, text: string) => Promise<void> };

export function createSmsSender({
  httpUrl,
  token,
  outbox,
  fetchFn = fetch,
}: {
  httpUrl: string | undefined;
  token: string | undefined;
  outbox: Outbox;
  fetchFn?: typeof fetch;
}): SmsSender {
  if (!httpUrl) {
    return {
      kind: 'outbox',
      send: async (to, text) => void (await outbox.write({ channel: 'sms', to, text })),
    };
  }
  return {
    kind: 'http',
    // A generic JSON gateway: POST { to, text } with a bearer token; any 2xx is accepted.
    send: async (to, text) => {
      const res = await fetchFn(httpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
