import {
  LINKEDIN_CALLBACK_ROUTE,
  type PROTECTED_ROUTES,
  type PUBLIC_ONLY_ROUTES,
  type PUBLIC_ROUTES,
} from '@makan/contract/routes';
import { lazy, type ReactElement } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary.tsx';
import { IndexRedirect, PublicOnly, RequireAuth } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { RootErrorPage } from './routes/root-error-page.tsx';

// Pages with weight of their own load on first visit.
const AboutPage = lazy(() =>
  import('../features/info/components/about-page.tsx').then((m) => ({ default: m.AboutPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../features/info/components/privacy-policy-page.tsx').then((m) => ({
    default: m.PrivacyPolicyPage,
  })),
);
const TermsOfServicePage = lazy(() =>
  import('../features/info/components/terms-of-service-page.tsx').then((m) => ({
    default: m.TermsOfServicePage,
  })),
);
const FaqPage = lazy(() =>
  import('../features/info/components/faq-page.tsx').then((m) => ({ default: m.FaqPage })),
);
const ContactPage = lazy(() => import('./routes/contact-page.tsx').then((m) => ({ default: m.ContactPage })));
const SettingsPage = lazy(() =>
  import('./routes/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);
const auth = () => import('./routes/auth-pages.tsx');
const SignupPage = lazy(() => import('./routes/signup-page.tsx').then((m) => ({ default: m.SignupPage })));
const LoginPage = lazy(() => import('./routes/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => auth().then((m) => ({ default: m.ForgotPasswordPage })));
const ForgotOtpPage = lazy(() => auth().then((m) => ({ default: m.ForgotOtpPage })));
const ResetPasswordPage = lazy(() => auth().then((m) => ({ default: m.ResetPasswordPage })));
const VerificationPhonePage = lazy(() => auth().then((m) => ({ default: m.VerificationPhonePage })));
const VerificationEmailPage = lazy(() => auth().then((m) => ({ default: m.VerificationEmailPage })));
const LinkedInCallbackPage = lazy(() => auth().then((m) => ({ default: m.LinkedInCallbackPage })));
const OnboardingPage = lazy(() =>
  import('./routes/onboarding-page.tsx').then((m) => ({ default: m.OnboardingPage })),
);
const profiles = () => import('./routes/profile-pages.tsx');
const OwnProfilePage = lazy(() => profiles().then((m) => ({ default: m.OwnProfilePage })));
const UserProfilePage = lazy(() => profiles().then((m) => ({ default: m.UserProfilePage })));
const posts = () => import('./routes/post-pages.tsx');
const HomePage = lazy(() => posts().then((m) => ({ default: m.HomePage })));
const PostPage = lazy(() => posts().then((m) => ({ default: m.PostPage })));
const CommentPage = lazy(() => posts().then((m) => ({ default: m.CommentPage })));
const BookmarksPage = lazy(() => posts().then((m) => ({ default: m.BookmarksPage })));
const SearchPage = lazy(() => posts().then((m) => ({ default: m.SearchPage })));
const ChatPage = lazy(() => import('./routes/chat-page.tsx').then((m) => ({ default: m.ChatPage })));
const admin = () => import('./routes/admin-pages.tsx');
const AdminQueuePage = lazy(() => admin().then((m) => ({ default: m.AdminQueuePage })));
const AdminSignalsPage = lazy(() => admin().then((m) => ({ default: m.AdminSignalsPage })));
const AdminLicencesPage = lazy(() => admin().then((m) => ({ default: m.AdminLicencesPage })));
const AdminVerificationsPage = lazy(() => admin().then((m) => ({ default: m.AdminVerificationsPage })));
const AdminAuditPage = lazy(() => admin().then((m) => ({ default: m.AdminAuditPage })));
const AdminModeratorsPage = lazy(() => admin().then((m) => ({ default: m.AdminModeratorsPage })));
const AdminCasePage = lazy(() => admin().then((m) => ({ default: m.AdminCasePage })));
const NotificationsPage = lazy(() =>
  import('./routes/notifications-page.tsx').then((m) => ({ default: m.NotificationsPage })),
);
const SavedSearchesPage = lazy(() =>
  import('./routes/saved-searches-page.tsx').then((m) => ({ default: m.SavedSearchesPage })),
);
const CompaniesPage = lazy(() =>
  import('./routes/companies-page.tsx').then((m) => ({ default: m.CompaniesPage })),
);

// Keyed by the contract's route lists: a route added there and not here is a type error.
const publicOnlyPages: Record<(typeof PUBLIC_ONLY_ROUTES)[number], ReactElement> = {
  '/signup': <SignupPage />,
  '/login': <LoginPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/forgot-otp': <ForgotOtpPage />,
  '/reset-password': <ResetPasswordPage />,
  '/verification': <VerificationPhonePage />,
  '/verification-email': <VerificationEmailPage />,
};

const publicPages: Record<(typeof PUBLIC_ROUTES)[number], ReactElement> = {
  '/companies': <CompaniesPage />,
  '/about': <AboutPage />,
  '/contact': <ContactPage />,
  '/privacy-policy': <PrivacyPolicyPage />,
  '/terms-of-service': <TermsOfServicePage />,
  '/faq': <FaqPage />,
  [LINKEDIN_CALLBACK_ROUTE]: <LinkedInCallbackPage />,
  '/settings': <SettingsPage />,
};

const protectedPages: Record<(typeof PROTECTED_ROUTES)[number], ReactElement> = {
  '/home': <HomePage />,
  '/notifications': <NotificationsPage />,
  '/saved-searches': <SavedSearchesPage />,
  '/post/:id': <PostPage />,
  '/comment/:postId/:commentId': <CommentPage />,
  '/commercial': <OnboardingPage />,
  '/bookmarks': <BookmarksPage />,
  '/profile': <OwnProfilePage />,
  '/user/:userId': <UserProfilePage />,
  '/search': <SearchPage />,
  '/chat': <ChatPage />,
  '/chat/new': <ChatPage />,
  '/chat/:id': <ChatPage />,
  '/chat/:id/settings': <ChatPage />,
  '/admin': <AdminQueuePage />,
  '/admin/verifications': <AdminVerificationsPage />,
  '/admin/signals': <AdminSignalsPage />,
  '/admin/licences': <AdminLicencesPage />,
  '/admin/audit': <AdminAuditPage />,
  '/admin/moderators': <AdminModeratorsPage />,
  '/admin/reports/:type/:id': <AdminCasePage />,
};

function toRoutes(pages: Record<string, ReactElement>): RouteObject[] {
  return Object.entries(pages).map(([path, element]) => ({ path, element }));
}

/** Every client route of spec §2, with its guard. Tests render these with a memory router. */
export const routes: RouteObject[] = [
  {
    // The last resort when the layout itself fails (each page has its own boundary inside it).
    element: (
      <ErrorBoundary fallback={<RootErrorPage />}>
        <AppLayout />
      </ErrorBoundary>
    ),
    children: [
      { index: true, element: <IndexRedirect /> },
      // Kept as a redirect (old links), for anyone: signed-out visitors then meet the /chat guard.
      { path: '/messages', element: <Navigate replace to="/chat" /> },
      { element: <PublicOnly />, children: toRoutes(publicOnlyPages) },
      ...toRoutes(publicPages),
      { element: <RequireAuth />, children: toRoutes(protectedPages) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route table, rendered inside a router (BrowserRouter in the app, MemoryRouter in tests).
 * Declarative routing keeps the data router's loaders, actions and fetchers (which the app does not use:
 * TanStack Query fetches) out of the first load: 16 KB of gzip JS less on every page.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
