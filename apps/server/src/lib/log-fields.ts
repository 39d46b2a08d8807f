import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value grants something on its own (an unsubscribe token, a signed file
 * address, an OAuth code or state): whoever reads the logs must not be able to use them.
 */
const SECRET_PARAMS = new Set(['token', 'signature', 'code', 'state', 'access_token', 'id_token']);

/** `url` with the values of SECRET_PARAMS replaced; the path and the other parameters as they were. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeName(eq === -1 ? pair : pair.slice(0, eq));
      return eq !== -1 && SECRET_PARAMS.has(name.toLowerCase()) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** A request as the access log shows it (Fastify's own fields, the address redacted). */
export function requestLogFields(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
