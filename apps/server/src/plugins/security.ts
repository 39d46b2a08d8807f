import helmet from '@fastify/helmet';
import { LINKEDIN_CALLBACK_ROUTE } from '@makan/contract/routes';
import type { App } from '../lib/http.ts';

/**
 * Security headers. The CSP allows only this origin, plus its websocket for real time, data:/blob:
 * images for previews, and the origin public images are served from when it is another (a CDN).
 */
export async function registerSecurity(
  app: App,
  { publicUrl, mediaBaseUrl }: { publicUrl: string; mediaBaseUrl?: string | undefined },
) {
  const wsOrigin = publicUrl.replace(/^http/, 'ws');
  await app.register(helmet, {
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
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' && request.url.split('?')[0] === LINKEDIN_CALLBACK_ROUTE) {
      reply.header('cross-origin-opener-policy', 'unsafe-none');
    }
  });
}
