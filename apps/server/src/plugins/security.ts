import helmet from '@fastify/helmet';
import type { App } from '../lib/http.ts';

/** Security headers. The CSP allows only this origin, plus its websocket for real time and data:/blob: images for previews. */
export async function registerSecurity(app: App, { publicUrl }: { publicUrl: string }) {
  const wsOrigin = publicUrl.replace(/^http/, 'ws');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", wsOrigin],
        'media-src': ["'self'", 'blob:'],
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
}
