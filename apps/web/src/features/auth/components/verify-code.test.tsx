import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getItem, setItem } from '../../../lib/storage.ts';
import { fail, ok, routeFetch, verificationFixture } from '../../../test/auth-fixtures.ts';
import { mockFetch, renderRoute } from '../../../test/render.tsx';

const fetchMock = mockFetch();

afterEach(() => {
  vi.useRealTimers();
});

function keepContact() {
  setItem('user_email', 'sara@example.com');
  setItem('user_phone', '+966501234567');
}

async function open(path: string, state?: unknown, language: 'en' | 'ar' = 'en') {
  const rendered = renderRoute(path, language, state);
  await screen.findByTestId('otp-form');
  return rendered;
}

async function enterCode(code: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 4' }));
  await user.keyboard(code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  return user;
}

describe('verification pages', () => {
  it('without a stored email says so and offers signup and login', async () => {
    renderRoute('/verification-email');
    const notice = await screen.findByTestId('otp-missing');
    expect(notice).toHaveTextContent("We don't know where your code was sent.");
    expect(within(notice).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(within(notice).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('otp-form')).not.toBeInTheDocument();
  });

  it('shows where the code went, masked', async () => {
    keepContact();
    await open('/verification-email');
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByTestId('otp-target')).toHaveTextContent('s•••a@example.com');
  });

  it('asks for the complete code without calling the server', async () => {
    keepContact();
    await open('/verification-email');
    await enterCode('12');
    expect(await screen.findByText('Please enter the complete OTP code')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies the email code, says so and goes to login', async () => {
    keepContact();
    const calls = routeFetch(fetchMock, {
      'POST /api/auth/verify-otp': () =>
        ok({ verification: verificationFixture({ email_verified: true }) }, 'Account verified successfully'),
    });
    const { router } = await open('/verification-email?redirect=%2Fchat');
    await enterCode('٤٨٢١');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fchat');
    expect(calls[0]?.body).toEqual({ identifier: 'sara@example.com', code: '4821', type: 'registration' });
    expect(screen.getByTestId('toast')).toHaveTextContent('Account verified successfully');
    expect(await screen.findByLabelText('Email or phone')).toHaveValue('sara@example.com');
  });

  it("with 'both', the email code leads to the phone code, then to login", async () => {
    keepContact();
    let phoneVerified = false;
    const calls = routeFetch(fetchMock, {
      'POST /api/auth/verify-otp': (body) => {
        const phone = (body as { identifier: string }).identifier.startsWith('+');
        phoneVerified ||= phone;
        return ok(
          {
            verification: verificationFixture({
              method: 'both',
              email_verified: true,
              phone_verified: phoneVerified,
            }),
          },
          phone ? 'Account verified successfully' : 'Email verified successfully',
        );
      },
    });
    const { router } = await open('/verification-email');
    await enterCode('1111');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Email verified successfully');
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone' });
    expect(screen.getByTestId('otp-target')).toHaveTextContent('+•••••••••567');
    await enterCode('2222');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.map((c) => c.body)).toEqual([
      { identifier: 'sara@example.com', code: '1111', type: 'registration' },
      { identifier: '+966501234567', code: '2222', type: 'registration' },
    ]);
  });

  it('shows a wrong code under the boxes and clears them', async () => {
    keepContact();
    routeFetch(fetchMock, {
      'POST /api/auth/verify-otp': () =>
        fail(422, {
          message: 'Validation failed',
          errors: { code: ['The code is incorrect. Please try again.'] },
        }),
    });
    const { router } = await open('/verification');
    await enterCode('9999');
    expect(await screen.findByTestId('otp-input-error')).toHaveTextContent(
      'The code is incorrect. Please try again.',
    );
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 4' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 4' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/verification');
  });

  it('shows an unknown identifier with a way to sign up, in Arabic', async () => {
    keepContact();
    routeFetch(fetchMock, {
      'POST /api/auth/verify-otp': () =>
        fail(422, {
          message: 'Validation failed',
          errors: { identifier: ['Email or phone number not found'] },
        }),
    });
    await open('/verification-email', undefined, 'ar');
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'الرقم 1 من 4' }));
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'تحقّق' }));
    const error = await screen.findByTestId('otp-error');
    expect(error).toHaveTextContent('البريد الإلكتروني أو رقم الهاتف غير موجود');
    expect(within(error).getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute('href', '/signup');
  });
});

describe('resend code', () => {
  it('waits a minute after a code was sent, counting down', async () => {
    keepContact();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await open('/verification-email', { codeSentAt: Date.now() });
    const resend = screen.getByTestId('otp-resend');
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent('Resend code in 1:00');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(resend).toHaveTextContent('Resend code in 0:45');
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(resend).toBeEnabled();
    expect(resend).toHaveTextContent('Resend code');
  });

  it('sends a new code and starts the countdown', async () => {
    keepContact();
    const calls = routeFetch(fetchMock, {
      'POST /api/auth/resend-verification': () =>
        ok({ retry_after_seconds: 60 }, 'A verification code has been sent.'),
    });
    await open('/verification');
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByTestId('otp-resent')).toHaveTextContent('A verification code has been sent.');
    expect(calls[0]?.body).toEqual({ identifier: '+966501234567', type: 'registration' });
    expect(screen.getByTestId('otp-resend')).toBeDisabled();
    expect(screen.getByTestId('otp-resend')).toHaveTextContent(/Resend code in (1:00|0:59)/);
  });

  it("after a 429 waits the server's Retry-After and shows its text", async () => {
    keepContact();
    routeFetch(fetchMock, {
      'POST /api/auth/resend-verification': () =>
        fail(
          429,
          { message: 'Please wait 42 seconds before requesting a new code.' },
          { 'Retry-After': '42' },
        ),
    });
    await open('/verification-email');
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByTestId('otp-error')).toHaveTextContent(
      'Please wait 42 seconds before requesting a new code.',
    );
    expect(screen.getByTestId('otp-resend')).toHaveTextContent(/Resend code in 0:4[12]/);
  });

  it('a 429 without Retry-After uses the seconds its text was given', async () => {
    keepContact();
    routeFetch(fetchMock, {
      'POST /api/auth/resend-verification': () =>
        fail(429, {
          message: 'Please wait 30 seconds before requesting a new code.',
          code: 'otpResendWait',
          params: { seconds: 30 },
        }),
    });
    await open('/verification-email', undefined, 'ar');
    await userEvent.click(screen.getByRole('button', { name: 'إعادة إرسال الرمز' }));
    expect(await screen.findByTestId('otp-error')).toHaveTextContent(
      'يُرجى الانتظار قبل طلب رمز جديد (الثواني المتبقية: 30).',
    );
    expect(screen.getByTestId('otp-resend')).toHaveTextContent(/0:(30|29)/);
  });

  it('an account already verified is sent to login', async () => {
    keepContact();
    routeFetch(fetchMock, {
      'POST /api/auth/resend-verification': () =>
        fail(422, {
          message: 'This account is already verified. Please log in.',
          errors: { identifier: ['This account is already verified. Please log in.'] },
        }),
    });
    await open('/verification-email');
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    const error = await screen.findByTestId('otp-error');
    expect(error).toHaveTextContent('This account is already verified. Please log in.');
    expect(within(error).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(getItem('user_email')).toBe('sara@example.com');
  });
});
