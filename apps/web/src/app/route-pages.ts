import type { PROTECTED_ROUTES, PUBLIC_ONLY_ROUTES, PUBLIC_ROUTES } from '@makan/contract/routes';

export type PageRoute =
  | (typeof PUBLIC_ONLY_ROUTES)[number]
  | (typeof PUBLIC_ROUTES)[number]
  | (typeof PROTECTED_ROUTES)[number];

/**
 * The module each route's page is lazy-loaded from (router.tsx imports exactly these; a test holds the
 * two together). The build maps them to their chunks, which the server names in index.html as
 * modulepreload links, so a page's code downloads beside the entry instead of after it has run.
 */
export const ROUTE_PAGES: Record<PageRoute, string> = {
  '/signup': 'src/app/routes/signup-page.tsx',
  '/login': 'src/app/routes/login-page.tsx',
  '/forgot-password': 'src/app/routes/auth-pages.tsx',
  '/forgot-otp': 'src/app/routes/auth-pages.tsx',
  '/reset-password': 'src/app/routes/auth-pages.tsx',
  '/verification': 'src/app/routes/auth-pages.tsx',
  '/verification-email': 'src/app/routes/auth-pages.tsx',
  '/companies': 'src/app/routes/companies-page.tsx',
  '/about': 'src/features/info/components/about-page.tsx',
  '/contact': 'src/app/routes/contact-page.tsx',
  '/privacy-policy': 'src/features/info/components/privacy-policy-page.tsx',
  '/terms-of-service': 'src/features/info/components/terms-of-service-page.tsx',
  '/faq': 'src/features/info/components/faq-page.tsx',
  '/linkedin-callback': 'src/app/routes/auth-pages.tsx',
  '/settings': 'src/app/routes/settings-page.tsx',
  '/home': 'src/app/routes/post-pages.tsx',
  '/notifications': 'src/app/routes/notifications-page.tsx',
  '/saved-searches': 'src/app/routes/saved-searches-page.tsx',
  '/post/:id': 'src/app/routes/post-pages.tsx',
  '/comment/:postId/:commentId': 'src/app/routes/post-pages.tsx',
  '/commercial': 'src/app/routes/onboarding-page.tsx',
  '/bookmarks': 'src/app/routes/post-pages.tsx',
  '/profile': 'src/app/routes/profile-pages.tsx',
  '/user/:userId': 'src/app/routes/profile-pages.tsx',
  '/search': 'src/app/routes/post-pages.tsx',
  '/chat': 'src/app/routes/chat-page.tsx',
  '/chat/new': 'src/app/routes/chat-page.tsx',
  '/chat/:id': 'src/app/routes/chat-page.tsx',
  '/chat/:id/settings': 'src/app/routes/chat-page.tsx',
  '/admin': 'src/app/routes/admin-pages.tsx',
  '/admin/verifications': 'src/app/routes/admin-pages.tsx',
  '/admin/signals': 'src/app/routes/admin-pages.tsx',
  '/admin/licences': 'src/app/routes/admin-pages.tsx',
  '/admin/audit': 'src/app/routes/admin-pages.tsx',
  '/admin/moderators': 'src/app/routes/admin-pages.tsx',
  '/admin/reports/:type/:id': 'src/app/routes/admin-pages.tsx',
};

/** A page prerendered at build time: the URL rendered, and whether for a signed-in reader. */
export type ShellRoute = { path: string; signedIn: boolean };

/**
 * The pages prerendered at build time in each language (src/prerender.tsx, `prerenderShells` in
 * vite.config.ts), which the server sends for these routes instead of an empty index.html, so the page
 * paints before its script has run. Each is the page as a reader first sees it, before any data: the
 * signed-out pages whole, the signed-in ones as their frame (header, navigation, heading, skeletons).
 * A route with parameters is rendered at a placeholder path whose loading state shows nothing of it.
 */
export const SHELL_ROUTES = {
  '/login': { path: '/login', signedIn: false },
  '/signup': { path: '/signup', signedIn: false },
  '/forgot-password': { path: '/forgot-password', signedIn: false },
  '/companies': { path: '/companies', signedIn: false },
  '/about': { path: '/about', signedIn: false },
  '/faq': { path: '/faq', signedIn: false },
  '/privacy-policy': { path: '/privacy-policy', signedIn: false },
  '/terms-of-service': { path: '/terms-of-service', signedIn: false },
  '/home': { path: '/home', signedIn: true },
  '/post/:id': { path: '/post/1', signedIn: true },
  '/chat': { path: '/chat', signedIn: true },
} satisfies Partial<Record<PageRoute, ShellRoute>>;
