import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getItem, setItem } from '../../../lib/storage.ts';
import {
  fail,
  fullUserFixture,
  ok,
  onboardedPreferences,
  routeFetch,
  verificationFixture,
} from '../../../test/auth-fixtures.ts';
import { mockFetch, renderRoute } from '../../../test/render.tsx';

const fetchMock = mockFetch();

async function openLogin(path = '/login', language: 'en' | 'ar' = 'en') {
  const rendered = renderRoute(path, language);
  await screen.findByTestId('login-form');
  return rendered;
}

async function logIn(identifier = 'Sara@Example.com', password = 'Secret123') {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('Email or phone'));
  await user.type(screen.getByLabelText('Email or phone'), identifier);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

function answerLogin(user = fullUserFixture()) {
  return routeFetch(fetchMock, {
    'POST /api/auth/login': () => ok({ token: 'new-token', user }, 'Logged in successfully'),
  });
}

async function landsOn(router: { state: { location: { pathname: string } } }, path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('login form', () => {
  it('requires both fields and a password of 8 characters', async () => {
    await openLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    await user.type(screen.getByLabelText('Email or phone'), 'sara@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    await openLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to forgot password and to signup', async () => {
    await openLogin('/login?redirect=%2Fchat');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByTestId('login-signup-link')).toHaveAttribute('href', '/signup?redirect=%2Fchat');
  });

  it('prefills the email kept from signup', async () => {
    setItem('user_email', 'sara@example.com');
    await openLogin();
    expect(screen.getByLabelText('Email or phone')).toHaveValue('sara@example.com');
  });
});

describe('after login (spec §2, §4)', () => {
  it('stores the token and the minimal user, then goes to /commercial without preferences', async () => {
    const calls = answerLogin();
    const { router, queryClient } = await openLogin();
    await logIn();
    await landsOn(router, '/commercial');
    expect(calls[0]?.body).toEqual({ identifier: 'sara@example.com', password: 'Secret123' });
    expect(getItem('auth_token')).toBe('new-token');
    expect(getItem('user_data')).toEqual({
      id: 7,
      name: 'Sara Al Amri',
      email: 'sara@example.com',
      phone: '+966501234567',
      preferences: null,
      avatar: '/media/profile_pictures/7.jpg',
    });
    expect(queryClient.getQueryData(['user', 'me'])).toMatchObject({ id: 7 });
    expect(screen.getByTestId('toast')).toHaveTextContent('Logged in successfully');
  });

  it('goes to /home with preferences', async () => {
    answerLogin(fullUserFixture({ preferences: onboardedPreferences }));
    const { router } = await openLogin();
    await logIn();
    await landsOn(router, '/home');
  });

  it('goes to the redirect query when it is a path of this site', async () => {
    answerLogin(fullUserFixture({ preferences: onboardedPreferences }));
    const { router } = await openLogin('/login?redirect=%2Fpost%2F7%3Ftab%3Dcomments');
    await logIn();
    await landsOn(router, '/post/7');
    expect(router.state.location.search).toBe('?tab=comments');
  });

  it.each(['//evil.com', '//evil.com/home', 'https://evil.com', '/\\evil.com'])(
    'ignores the redirect %s',
    async (redirect) => {
      answerLogin(fullUserFixture({ preferences: onboardedPreferences }));
      const { router } = await openLogin(`/login?${new URLSearchParams({ redirect })}`);
      await logIn();
      await landsOn(router, '/home');
    },
  );

  it('sends phone numbers typed in Arabic-Indic digits as ASCII', async () => {
    const calls = answerLogin();
    const { router } = await openLogin('/login', 'ar');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('البريد الإلكتروني أو رقم الهاتف'), '+٩٦٦ ٥٠١ ٢٣٤ ٥٦٧');
    await user.type(screen.getByLabelText('كلمة المرور'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await landsOn(router, '/commercial');
    expect(calls[0]?.body).toMatchObject({ identifier: '+966501234567' });
    expect(screen.getByTestId('toast')).toHaveTextContent('تم تسجيل الدخول بنجاح');
  });
});

describe('login failures', () => {
  it('an unverified account (403) goes to the email code, keeping email, phone and the redirect', async () => {
    routeFetch(fetchMock, {
      'POST /api/auth/login': () =>
        fail(403, {
          message:
            'Account verification required. Please check your email or phone for the verification code.',
          data: { verification: verificationFixture({ method: 'both' }) },
        }),
    });
    const { router } = await openLogin('/login?redirect=%2Fchat');
    await logIn();
    await landsOn(router, '/verification-email');
    expect(router.state.location.search).toBe('?redirect=%2Fchat');
    expect(getItem('auth_token')).toBeNull();
    expect(getItem('user_email')).toBe('sara@example.com');
    expect(getItem('user_phone')).toBe('+966501234567');
    expect(await screen.findByTestId('otp-notice')).toHaveTextContent(
      'Account verification required. Please check your email or phone for the verification code.',
    );
  });

  it('an unverified phone account goes to the phone code', async () => {
    routeFetch(fetchMock, {
      'POST /api/auth/login': () =>
        fail(403, {
          message: 'Account verification required.',
          data: { verification: verificationFixture({ method: 'phone' }) },
        }),
    });
    const { router } = await openLogin();
    await logIn('0501234567');
    await landsOn(router, '/verification');
    expect(await screen.findByTestId('otp-target')).toHaveTextContent('•••••••567');
  });

  it('shows wrong credentials under the password (422)', async () => {
    routeFetch(fetchMock, {
      'POST /api/auth/login': () =>
        fail(422, {
          message: 'Incorrect email, phone number or password',
          errors: { password: ['Incorrect email, phone number or password'] },
        }),
    });
    const { router } = await openLogin();
    await logIn();
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Incorrect email, phone number or password',
      ),
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(getItem('auth_token')).toBeNull();
  });

  it('shows the lockout text of a 429, in Arabic too', async () => {
    routeFetch(fetchMock, {
      'POST /api/auth/login': () =>
        fail(
          429,
          {
            message: 'Too many attempts. Please try again in 15 minutes.',
            code: 'tooManyAttempts',
            params: { minutes: 15 },
          },
          { 'Retry-After': '900' },
        ),
    });
    await openLogin('/login', 'ar');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('البريد الإلكتروني أو رقم الهاتف'), 'sara@example.com');
    await user.type(screen.getByLabelText('كلمة المرور'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'عدد المحاولات كبير جدًا. يُرجى المحاولة مرة أخرى لاحقًا (الدقائق المتبقية: 15).',
    );
  });

  it('says so when the network is down', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await openLogin();
    await logIn();
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'A network error occurred. Please check your connection.',
    );
  });
});

describe('a locked account', () => {
  const lockedAnswer = () =>
    fail(
      429,
      {
        message:
          'Too many wrong passwords: this account is locked for 15 minutes. If it is yours, sign in with a code sent to you.',
        code: 'accountLocked',
        params: { minutes: 15 },
      },
      { 'Retry-After': '900' },
    );

  it('lets the owner sign in with a code sent to them and the password', async () => {
    const calls = routeFetch(fetchMock, {
      'POST /api/auth/login': lockedAnswer,
      'POST /api/auth/unlock/send': () => ok({ retry_after_seconds: 60 }, 'A sign-in code has been sent.'),
      'POST /api/auth/unlock': () =>
        ok({ token: 'unlocked-token', user: fullUserFixture({ preferences: onboardedPreferences }) }),
    });
    const { router } = await openLogin();
    const user = await logIn('sara@example.com', 'Secret123');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'this account is locked for 15 minutes',
    );
    await user.click(await screen.findByRole('button', { name: 'Send me a sign-in code' }));
    await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.keyboard('4821');
    await user.click(screen.getByRole('button', { name: 'Sign in with the code' }));
    await landsOn(router, '/home');
    expect(getItem('auth_token')).toBe('unlocked-token');
    expect(calls.find((c) => c.route === 'POST /api/auth/unlock/send')?.body).toEqual({
      identifier: 'sara@example.com',
    });
    expect(calls.find((c) => c.route === 'POST /api/auth/unlock')?.body).toEqual({
      identifier: 'sara@example.com',
      code: '4821',
      password: 'Secret123',
    });
  });

  it('says so in Arabic and offers the code', async () => {
    routeFetch(fetchMock, { 'POST /api/auth/login': lockedAnswer });
    await openLogin('/login', 'ar');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('البريد الإلكتروني أو رقم الهاتف'), 'sara@example.com');
    await user.type(screen.getByLabelText('كلمة المرور'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('هذا الحساب مقفل لمدة 15 دقيقة');
    expect(await screen.findByRole('button', { name: 'أرسل لي رمز تسجيل الدخول' })).toBeInTheDocument();
  });
});
