import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getItem, setItem } from '../../../lib/storage.ts';
import { fail, fullUserFixture, ok, onboardedPreferences, routeFetch } from '../../../test/auth-fixtures.ts';
import { mockFetch, renderRoute } from '../../../test/render.tsx';

const fetchMock = mockFetch();
const AUTH_URL = 'https://www.linkedin.com/oauth/v2/authorization?client_id=x&state=st-123&nonce=n';

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'opener');
});

function fakePopup() {
  return { location: { href: '' }, close: vi.fn(), closed: false };
}

function openPopupWith(popup: ReturnType<typeof fakePopup> | null) {
  return vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
}

function postFromPopup(data: Record<string, unknown>, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin,
        data: {
          type: 'makan:linkedin-callback',
          code: null,
          state: null,
          error: null,
          error_description: null,
          ...data,
        },
      }),
    );
  });
}

async function openLogin(path = '/login') {
  const rendered = renderRoute(path);
  await screen.findByTestId('linkedin-button');
  return rendered;
}

describe('Continue with LinkedIn', () => {
  it('says so when the browser blocks the popup', async () => {
    openPopupWith(null);
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with LinkedIn' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Popup blocked. Please allow popups for this site.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the server has no LinkedIn credentials (503) says so and disables the button', async () => {
    const popup = fakePopup();
    openPopupWith(popup);
    routeFetch(fetchMock, {
      'GET /api/auth/linkedin': () =>
        fail(503, { message: 'LinkedIn sign-in is not configured on this server.' }),
    });
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with LinkedIn' }));
    expect(await screen.findByTestId('linkedin-not-configured')).toHaveTextContent(
      'LinkedIn sign-in is not configured on this server.',
    );
    expect(popup.close).toHaveBeenCalled();
    expect(screen.getByTestId('linkedin-button')).toBeDisabled();
    expect(screen.getByTestId('linkedin-button')).toHaveAccessibleDescription(
      'LinkedIn sign-in is not configured on this server.',
    );
  });

  it('opens a centred 600 × 700 popup on the authorization URL, then signs in with the returned code', async () => {
    const popup = fakePopup();
    const open = openPopupWith(popup);
    const calls = routeFetch(fetchMock, {
      'GET /api/auth/linkedin': () => ok({ url: AUTH_URL }),
      'POST /api/auth/linkedin/callback': () =>
        ok(
          { token: 'li-token', user: fullUserFixture({ preferences: onboardedPreferences }) },
          'Logged in successfully',
        ),
    });
    const { router } = await openLogin('/login?redirect=%2Fchat');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with LinkedIn' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));
    expect(open).toHaveBeenCalledWith(
      '',
      'makan-linkedin',
      expect.stringMatching(/^width=600,height=700,left=\d+,top=\d+$/),
    );
    expect(getItem('social_login_state')).toBe('st-123');

    postFromPopup({ code: 'the-code', state: 'st-123' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    // Signed in, the header asks for more (the bell's count): the callback is among the calls.
    expect(calls.filter((c) => c.route === 'POST /api/auth/linkedin/callback')).toEqual([
      expect.objectContaining({ body: { code: 'the-code', state: 'st-123' } }),
    ]);
    expect(getItem('auth_token')).toBe('li-token');
    expect(getItem('social_login_state')).toBeNull();
  });

  it('refuses an answer whose state is not the stored one', async () => {
    setItem('social_login_state', 'st-123');
    await openLogin();
    postFromPopup({ code: 'the-code', state: 'forged' });
    expect(await screen.findByTestId('linkedin-error')).toHaveTextContent(
      'Invalid state parameter. Please try again.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getItem('auth_token')).toBeNull();
  });

  it('ignores messages from another origin', async () => {
    setItem('social_login_state', 'st-123');
    await openLogin();
    postFromPopup({ code: 'the-code', state: 'st-123' }, 'https://evil.example');
    expect(screen.queryByTestId('linkedin-error')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getItem('social_login_state')).toBe('st-123');
  });

  it("shows LinkedIn's error with its description", async () => {
    setItem('social_login_state', 'st-123');
    await openLogin();
    postFromPopup({
      error: 'user_cancelled_login',
      error_description: 'The user cancelled LinkedIn login',
      state: 'st-123',
    });
    const error = await screen.findByTestId('linkedin-error');
    expect(error).toHaveTextContent('LinkedIn authentication failed');
    expect(screen.getByText('The user cancelled LinkedIn login')).toHaveAttribute('dir', 'auto');
  });
});

describe('/linkedin-callback', () => {
  it('in the popup, hands the result to the opener and closes', async () => {
    const opener = { postMessage: vi.fn(), closed: false, location: { origin: window.location.origin } };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderRoute('/linkedin-callback?code=abc&state=st-123');
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'makan:linkedin-callback', code: 'abc', state: 'st-123', error: null, error_description: null },
      window.location.origin,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without an opener, exchanges the code itself and goes on by the onboarding rule', async () => {
    setItem('social_login_state', 'st-123');
    const calls = routeFetch(fetchMock, {
      'POST /api/auth/linkedin/callback': () => ok({ token: 'li-token', user: fullUserFixture() }),
    });
    const { router } = renderRoute('/linkedin-callback?code=abc&state=st-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/commercial'));
    // Exchanged once (the onboarding page may have begun its own requests by now).
    const exchanges = calls.filter((call) => call.route === 'POST /api/auth/linkedin/callback');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({ code: 'abc', state: 'st-123' });
    expect(getItem('auth_token')).toBe('li-token');
  });

  it('shows a state mismatch', async () => {
    setItem('social_login_state', 'mine');
    renderRoute('/linkedin-callback?code=abc&state=theirs');
    expect(await screen.findByTestId('linkedin-callback-error')).toHaveTextContent(
      'Invalid state parameter. Please try again.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });

  it('shows the provider error and its description', async () => {
    renderRoute('/linkedin-callback?error=access_denied&error_description=Access%20was%20denied');
    const error = await screen.findByTestId('linkedin-callback-error');
    expect(error).toHaveTextContent('LinkedIn authentication failed');
    expect(screen.getByText('Access was denied')).toHaveAttribute('dir', 'auto');
  });

  it("shows the server's refusal in the page language", async () => {
    setItem('social_login_state', 'st-123');
    routeFetch(fetchMock, {
      'POST /api/auth/linkedin/callback': () =>
        fail(502, { message: 'LinkedIn authentication failed', code: 'linkedinFailed' }),
    });
    renderRoute('/linkedin-callback?code=abc&state=st-123', 'ar');
    expect(await screen.findByTestId('linkedin-callback-error')).toHaveTextContent(
      'فشلت المصادقة عبر LinkedIn',
    );
  });

  it('without code and state there is nothing to do', async () => {
    renderRoute('/linkedin-callback');
    expect(await screen.findByTestId('linkedin-callback-idle')).toHaveTextContent(
      'This page completes a sign-in with LinkedIn.',
    );
  });
});
