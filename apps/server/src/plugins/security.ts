import type { IncomingMessage, ServerResponse } from 'node:http';
import { LINKEDIN_CALLBACK_ROUTE } from '@makan/contract/routes';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../lib/http.ts';

type Header = readonly [name: string, value: string];

/**
 * The headers helmet sets for these options, asked of helmet once. Every directive below is a fixed
 * string (no per-request function, no nonce), so helmet would answer the same for every request:
 * running it per request (as @fastify/helmet 13 does, parsing the policy again each time) cost 3 % of
 * the messages list's server time in a profile (issue 25).
 */
function headersOf(options: HelmetOptions): Header[] {
  const headers: Header[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, String(value)]);
    },
    // helmet removes X-Powered-By, which this server never sets.
    removeHeader: () => {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Security headers. The CSP allows only this origin, plus its websocket for real time, data:/blob:
 * images for previews, and the origin public images are served from when it is another (a CDN).
 * They are set on the response as each request arrives, so every answer carries them: pages, the API
 * (success and failure), media, not-found. A route may replace one (chat files send their own policy).
 */
export function registerSecurity(
  app: App,
  { publicUrl, mediaBaseUrl }: { publicUrl: string; mediaBaseUrl?: string | undefined },
) {
  const wsOrigin = publicUrl.replace(/^http/, 'ws');
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...(mediaBaseUrl ? [new URL(mediaBaseUrl).origin] : [])],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", wsOrigin],
        'media-src': ["'self'", 'blob:'],
        // Said outright rather than left to default-src: the service worker (/sw.js) and the web app
        // manifests (/manifest-<language>.webmanifest) come from this origin only.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The social sign-in popup must be able to report back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same as frame-ancestors 'none', for browsers that predate it.
    xFrameOptions: { action: 'deny' },
  });
  // The sign-in popup comes back from LinkedIn (another origin, without this header) to
  // /linkedin-callback. A page there with a policy other than unsafe-none moves the popup into a new
  // browsing context group, which cuts it from its opener: the popup would sign in by itself and stay
  // open on the app instead of handing the code to the window that opened it. That one page (it reads
  // no data and only posts the code to a same-origin opener) goes without it.
  const callbackHeaders = headers.map(
    ([name, value]): Header =>
      name.toLowerCase() === 'cross-origin-opener-policy' ? [name, 'unsafe-none'] : [name, value],
  );
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const callback =
      request.method === 'GET' &&
      url.startsWith(LINKEDIN_CALLBACK_ROUTE) &&
      (url.length === LINKEDIN_CALLBACK_ROUTE.length || url[LINKEDIN_CALLBACK_ROUTE.length] === '?');
    for (const [name, value] of callback ? callbackHeaders : headers) reply.raw.setHeader(name, value);
    done();
  });
}
