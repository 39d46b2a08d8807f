/** The client routes of spec §2 and who may visit them; the web router and the server's SPA fallback share this. */
export const PUBLIC_ONLY_ROUTES = [
  '/signup',
  '/login',
  '/forgot-password',
  '/forgot-otp',
  '/reset-password',
  '/verification',
  '/verification-email',
] as const;

/** Where LinkedIn sends the sign-in popup back: the redirect URI registered with LinkedIn. */
export const LINKEDIN_CALLBACK_ROUTE = '/linkedin-callback';

export const PUBLIC_ROUTES = [
  '/companies',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/faq',
  LINKEDIN_CALLBACK_ROUTE,
  '/settings',
] as const;

/** Route patterns (React Router syntax) that need a signed-in user. */
export const PROTECTED_ROUTES = [
  '/home',
  // Issue 22: what happened while away.
  '/notifications',
  // Issue 23: what one looks for, kept and run again.
  '/saved-searches',
  '/post/:id',
  '/comment/:postId/:commentId',
  '/commercial',
  '/bookmarks',
  '/profile',
  '/user/:userId',
  '/search',
  '/chat',
  '/chat/new',
  '/chat/:id',
  '/chat/:id/settings',
  // The moderation console (issue 21): moderators and admins; members are told it is not for them.
  '/admin',
  '/admin/verifications',
  '/admin/signals',
  '/admin/licences',
  '/admin/audit',
  '/admin/moderators',
  '/admin/reports/:type/:id',
] as const;

/** Top-level path segments the web app owns; the server answers these with index.html. */
export const CLIENT_ROUTE_PREFIXES = [
  '',
  'messages',
  ...[...PUBLIC_ONLY_ROUTES, ...PUBLIC_ROUTES, ...PROTECTED_ROUTES].map((r) => r.split('/')[1] ?? ''),
].filter((v, i, all) => all.indexOf(v) === i);
