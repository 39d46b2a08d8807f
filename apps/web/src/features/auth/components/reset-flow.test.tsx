import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getItem, getSessionItem, setItem, setSessionItem } from '../../../lib/storage.ts';
import { fail, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { mockFetch, renderRoute } from '../../../test/render.tsx';

const fetchMock = mockFetch();

describe('password reset flow (spec §4)', () => {
  it('forgot password → reset code → new password → login', async () => {
    const calls = routeFetch(fetchMock, {
      'POST /api/auth/forgot-password': () =>
        ok({ retry_after_seconds: 60 }, 'A verification code has been sent.'),
      'POST /api/auth/verify-otp': () => ok({ reset_token: 'reset-123' }, 'Password reset code verified'),
      'POST /api/auth/reset-password': () => ok(null, 'Your password has been reset. Please log in.'),
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('Email or phone'), ' Sara@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-otp'));
    expect(getItem('user_email')).toBe('sara@example.com');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your reset code' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('otp-resend')).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.paste('5 6 7 8');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    // The reset token lives in this tab only.
    expect(getSessionItem('reset_token')).toBe('reset-123');
    expect(localStorage.getItem('reset_token')).toBeNull();
    expect(screen.getAllByTestId('toast').at(-1)).toHaveTextContent('Password reset code verified');

    await user.type(await screen.findByLabelText('New password'), 'weak');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'NewSecret1');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getAllByTestId('toast').at(-1)).toHaveTextContent(
      'Your password has been reset. Please log in.',
    );
    expect(getSessionItem('reset_token')).toBeNull();
    expect(getItem('user_email')).toBeNull();
    expect(calls.map((c) => [c.route, c.body])).toEqual([
      ['POST /api/auth/forgot-password', { identifier: 'sara@example.com' }],
      ['POST /api/auth/verify-otp', { identifier: 'sara@example.com', code: '5678', type: 'password_reset' }],
      [
        'POST /api/auth/reset-password',
        { reset_token: 'reset-123', password: 'NewSecret1', password_confirmation: 'NewSecret1' },
      ],
    ]);
  });

  it('an unknown email or phone (422) asks to try the process again', async () => {
    routeFetch(fetchMock, {
      'POST /api/auth/forgot-password': () =>
        fail(422, {
          message: 'Email or phone number not found. Please try the forgot password process again.',
          errors: { identifier: ['Email or phone number not found'] },
        }),
    });
    const { router } = renderRoute('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email or phone'), '0500000000000');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByTestId('forgot-error')).toHaveTextContent(
      'Email or phone number not found. Please try the forgot password process again.',
    );
    expect(screen.getByLabelText('Email or phone')).toHaveAccessibleDescription(
      'Email or phone number not found',
    );
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('a phone number is kept as the phone and resent with the reset type', async () => {
    setItem('user_phone', '+966501234567');
    const calls = routeFetch(fetchMock, {
      'POST /api/auth/resend-verification': () =>
        ok({ retry_after_seconds: 60 }, 'A verification code has been sent.'),
    });
    renderRoute('/forgot-otp');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    await screen.findByTestId('otp-resent');
    expect(calls[0]?.body).toEqual({ identifier: '+966501234567', type: 'password_reset' });
  });

  it('/forgot-otp without an identifier points to forgot password', async () => {
    renderRoute('/forgot-otp');
    const notice = await screen.findByTestId('otp-missing');
    expect(within(notice).getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('/reset-password without a token, or with an expired one, starts over', async () => {
    renderRoute('/reset-password');
    expect(await screen.findByTestId('reset-expired')).toHaveTextContent(
      'Your reset session has expired. Please start the forgot password process again.',
    );
  });

  it('an expired token (422 reset_token) is forgotten and the flow starts over', async () => {
    setSessionItem('reset_token', 'old');
    routeFetch(fetchMock, {
      'POST /api/auth/reset-password': () =>
        fail(422, {
          message: 'Your reset session has expired. Please start the forgot password process again.',
          errors: {
            reset_token: ['Your reset session has expired. Please start the forgot password process again.'],
          },
        }),
    });
    renderRoute('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const notice = await screen.findByTestId('reset-expired');
    expect(within(notice).getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(getSessionItem('reset_token')).toBeNull();
  });
});
