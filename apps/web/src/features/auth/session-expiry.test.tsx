import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearSession } from '../../lib/session.ts';
import { fullUserFixture, ok, routeFetch } from '../../test/auth-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../test/render.tsx';
import { loginAfterExpiry } from './flow.ts';

const fetchMock = mockFetch();

describe('an expired session (issue 19)', () => {
  it('goes to /login, saying why and keeping the page it was on', () => {
    expect(loginAfterExpiry({ pathname: '/post/5', search: '?x=1', hash: '#comments' })).toEqual({
      to: `/login?${new URLSearchParams({ redirect: '/post/5?x=1#comments' })}`,
      state: { notice: 'sessionExpired' },
    });
    expect(loginAfterExpiry({ pathname: '/', search: '', hash: '' })).toEqual({
      to: '/login',
      state: { notice: 'sessionExpired' },
    });
    // Already there (a wrong password answers 401 too): stay.
    expect(loginAfterExpiry({ pathname: '/login', search: '?redirect=%2Fhome', hash: '' })).toBeNull();
    // Nothing that leads off the site.
    expect(loginAfterExpiry({ pathname: '//evil.example', search: '', hash: '' })?.to).toBe('/login');
  });

  it("the login page says 'You're not logged in…', and signing in goes back to the page", async () => {
    routeFetch(fetchMock, {
      'POST /api/auth/login': () =>
        ok({ token: 'new-token', user: fullUserFixture() }, 'Logged in successfully'),
    });
    const { router } = renderRoute('/login?redirect=%2Fbookmarks', 'en', { notice: 'sessionExpired' });
    expect(await screen.findByTestId('login-notice')).toHaveTextContent(
      "You're not logged in. Please log in to continue.",
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or phone'), 'sara@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookmarks'));
  });

  it('in Arabic', async () => {
    renderRoute('/login', 'ar', { notice: 'sessionExpired' });
    expect(await screen.findByTestId('login-notice')).toHaveTextContent(
      'لم تسجّل الدخول. يُرجى تسجيل الدخول للمتابعة.',
    );
  });

  it('a protected page whose session the server refused goes to log in again, not to signup', async () => {
    signIn();
    routeFetch(fetchMock, { 'GET /api/bookmarks': () => ok({ posts: [], next_cursor: null }) });
    const { router } = renderRoute('/bookmarks');
    await screen.findByTestId('page-bookmarks');
    try {
      // What the HTTP client does on a 401 (main.tsx wires it with the reason).
      act(() => clearSession('expired'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.search).toBe('?redirect=%2Fbookmarks');
      expect(await screen.findByTestId('login-notice')).toBeInTheDocument();
    } finally {
      clearSession();
    }
  });

  it('a signed-out visit (or a logout) still goes to signup', async () => {
    signIn();
    routeFetch(fetchMock, { 'GET /api/bookmarks': () => ok({ posts: [], next_cursor: null }) });
    const { router } = renderRoute('/bookmarks');
    await screen.findByTestId('page-bookmarks');
    act(() => clearSession());
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  });

  it('no notice on an ordinary visit', async () => {
    renderRoute('/login');
    await screen.findByTestId('login-form');
    expect(screen.queryByTestId('login-notice')).toBeNull();
  });
});

describe("the header's Log in and Sign up (issue 19)", () => {
  it('keep the page a protected route asked for', async () => {
    renderRoute('/post/5');
    await screen.findByTestId('signup-form');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const redirect = `?${new URLSearchParams({ redirect: '/post/5' })}`;
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login${redirect}`);
    expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/signup${redirect}`);
  });

  it('are plain without one', async () => {
    renderRoute('/companies');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
