import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whom to believe about the client's address, as the config's TRUST_PROXY says. */
export type TrustProxy = boolean | number | string[];

/**
 * One trust function for TRUST_PROXY, used by Fastify (request.ip, which rate limits count by) and
 * by the socket server (its handshakes never reach Fastify), so both see the same address. A
 * number of hops believes that many addresses from the right of X-Forwarded-For.
 */
export function trustFunction(trusted: TrustProxy): (address: string, hop: number) => boolean {
  if (trusted === true) return () => true;
  if (trusted === false) return () => false;
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return proxyAddr.compile(trusted);
}

/** The client's address of a raw request, as Fastify's request.ip gives it for the same trust. */
export function clientAddress(
  req: IncomingMessage,
  trust: (address: string, hop: number) => boolean,
): string {
  try {
    return proxyAddr(req, trust) || 'unknown';
  } catch {
    // A header no parser could read: count it under the connection's own address.
    return req.socket.remoteAddress ?? 'unknown';
  }
}
