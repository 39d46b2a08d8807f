import { Navigate, Outlet, useLocation } from 'react-router';
import { loginAfterExpiry } from '../features/auth/flow.ts';
import { useLazyTexts } from '../lib/lazy-texts.ts';
import { ReportControlContext } from '../lib/report-control.ts';
import { afterSignInPath, sessionEnd, signedInHome, useSignedIn } from '../lib/session.ts';
import { memberTexts } from './member/member-texts.ts';
import { lazyReportControls } from './member/report-control.tsx';

/** Where an unauthenticated visit to `path` goes: signup, remembering the intended page (spec §2). */
export function signupRedirect(pathAndSearch: string): string {
  return `/signup?${new URLSearchParams({ redirect: pathAndSearch })}`;
}

/**
 * Protected routes: signed-in users only. A session the server just refused (a 401) goes to log in
 * again, told why, keeping the page (spec §8); anyone else to signup.
 */
export function RequireAuth() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) {
    const expired = sessionEnd() === 'expired' ? loginAfterExpiry(location) : null;
    if (expired) return <Navigate replace to={expired.to} state={expired.state} />;
    return <Navigate replace to={signupRedirect(location.pathname + location.search)} />;
  }
  return <MemberPage />;
}

/**
 * A signed-in page, once the signed-in pages' texts are there. Posts and profiles find the Report
 * button here (features never import each other; the app hands one to the other).
 */
function MemberPage() {
  useLazyTexts(memberTexts);
  return (
    <ReportControlContext value={lazyReportControls}>
      <Outlet />
    </ReportControlContext>
  );
}

/**
 * Signup, login, password reset and verification: a signed-in user goes home, or to onboarding.
 * A safe `redirect` query wins, so the moment a login stores its token this guard and the login
 * page agree on where to go (whichever navigates first).
 */
export function PublicOnly() {
  const signedIn = useSignedIn();
  const { search } = useLocation();
  if (signedIn) return <Navigate replace to={afterSignInPath(new URLSearchParams(search).get('redirect'))} />;
  return <Outlet />;
}

/** `/`: home when onboarded, onboarding when not, signup when signed out. */
export function IndexRedirect() {
  const signedIn = useSignedIn();
  return <Navigate replace to={signedIn ? signedInHome() : '/signup'} />;
}
