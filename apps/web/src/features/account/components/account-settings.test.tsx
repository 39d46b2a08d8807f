import { HTTP_TEXT, TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getItem } from '../../../lib/storage.ts';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

const fetchMock = mockFetch();

const presence = { 'GET /api/chat/settings': () => ok({ show_presence: true }) };

async function fillPassword(current: string, next: string, confirm = next) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Current password/), current);
  await user.type(screen.getByLabelText(/^New password/), next);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return user;
}

describe('change password in settings', () => {
  it('checks the fields before asking the server', async () => {
    signIn();
    routeFetch(fetchMock, presence);
    renderRoute('/settings');
    await fillPassword('x', 'weakpassword', 'other');
    expect(await screen.findByText(TEXT.passwordComplexity)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/account/password');
  });

  it('shows the server’s word on a wrong current password, on that field', async () => {
    signIn();
    routeFetch(fetchMock, {
      ...presence,
      'POST /api/account/password': () =>
        fail(422, {
          message: TEXT.currentPasswordWrong,
          code: 'currentPasswordWrong',
          errors: { current_password: [TEXT.currentPasswordWrong] },
          codes: { current_password: [{ code: 'currentPasswordWrong' }] },
        }),
    });
    renderRoute('/settings');
    await fillPassword('Wrong1234', 'Better456');
    expect(await screen.findByText(TEXT.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(getItem('auth_token')).toBe('test-token');
  });

  it('sends the passwords, says it is done and empties the form', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      ...presence,
      'POST /api/account/password': () => ok({ sessions_ended: 2 }, TEXT.passwordChanged),
    });
    renderRoute('/settings');
    await fillPassword('Secret123', 'Better456');
    expect(await screen.findByText(TEXT.passwordChanged)).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/account/password')?.body).toEqual({
      current_password: 'Secret123',
      password: 'Better456',
      password_confirmation: 'Better456',
    });
    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveValue(''));
    expect(getItem('auth_token')).toBe('test-token');
  });

  it('is in Arabic in the Arabic app', async () => {
    signIn();
    routeFetch(fetchMock, presence);
    renderRoute('/settings', 'ar');
    expect(await screen.findByRole('button', { name: 'تغيير كلمة المرور' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^كلمة المرور الحالية/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الخروج من كل الأجهزة' })).toBeInTheDocument();
  });
});

describe('sign out everywhere in settings', () => {
  it('asks, ends every session on the server, forgets this one and goes to /login', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      ...presence,
      'POST /api/account/sign-out-everywhere': () => ok({ sessions_ended: 3 }, TEXT.signedOutEverywhere),
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/settings');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out of all devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.route === 'POST /api/account/sign-out-everywhere')).toBe(true);
    expect(getItem('auth_token')).toBeNull();
    expect(await screen.findByText(TEXT.signedOutEverywhere)).toBeInTheDocument();
  });

  it('keeps the session when the server refuses', async () => {
    signIn();
    routeFetch(fetchMock, {
      ...presence,
      'POST /api/account/sign-out-everywhere': () => fail(500, { message: 'x' }),
    });
    const user = userEvent.setup();
    renderRoute('/settings');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out everywhere' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(getItem('auth_token')).toBe('test-token');
  });
});

describe('change email in settings', () => {
  const me = { 'GET /api/user': () => ok(fullUserFixture()) };

  it('sends a code to the new email, then changes it once the code is entered', async () => {
    signIn();
    const changed = fullUserFixture({ email: 'new@example.com' });
    const calls = routeFetch(fetchMock, {
      ...presence,
      ...me,
      'POST /api/account/contact': () =>
        ok({ channel: 'email', value: 'new@example.com', retry_after_seconds: 60 }),
      'POST /api/account/contact/confirm': () => ok(changed, TEXT.emailChanged),
    });
    const user = userEvent.setup();
    renderRoute('/settings');
    await waitFor(() =>
      expect(screen.getByTestId('contact-current-email')).toHaveTextContent('sara@example.com'),
    );
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await user.type(screen.getByLabelText(/^New email/), 'New@Example.com');
    await user.type(screen.getByTestId('contact-email-password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('We sent a code to new@example.com. Enter it to confirm the change.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/account/contact')?.body).toEqual({
      channel: 'email',
      value: 'new@example.com',
      current_password: 'Secret123',
    });
    // Not changed yet.
    expect(screen.getByTestId('contact-current-email')).toHaveTextContent('sara@example.com');
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.keyboard('4821');
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    await waitFor(() =>
      expect(screen.getByTestId('contact-current-email')).toHaveTextContent('new@example.com'),
    );
    expect(calls.find((c) => c.route === 'POST /api/account/contact/confirm')?.body).toEqual({
      channel: 'email',
      code: '4821',
    });
    expect(screen.getByTestId('toast')).toHaveTextContent(TEXT.emailChanged);
  });

  it('shows that the email belongs to another account, in Arabic too', async () => {
    signIn();
    routeFetch(fetchMock, {
      ...presence,
      ...me,
      'POST /api/account/contact': () =>
        fail(422, {
          message: HTTP_TEXT[422],
          errors: { value: [TEXT.emailTaken] },
          codes: { value: [{ code: 'emailTaken' }] },
        }),
    });
    const user = userEvent.setup();
    renderRoute('/settings', 'ar');
    await user.click(await screen.findByRole('button', { name: 'تغيير البريد الإلكتروني' }));
    await user.type(screen.getByLabelText(/^البريد الإلكتروني الجديد/), 'taken@example.com');
    await user.type(screen.getByTestId('contact-email-password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));
    expect(await screen.findByText('هذا البريد الإلكتروني مسجّل مسبقًا')).toBeInTheDocument();
  });
});

describe('delete account in settings (issue 20)', () => {
  it('an account without a password asks for a code, sends it with the deletion, then goes to /login', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      ...presence,
      'GET /api/user': () => ok(fullUserFixture({ has_password: false })),
      'GET /api/account/export': () => ok({ export: null }),
      'POST /api/account/code': () =>
        ok({ action: 'deletion', value: 'sara@example.com', retry_after_seconds: 60 }, 'We sent a code'),
      'POST /api/account/deletion': () => ok({ deletion_due_at: '2026-12-10T09:00:00.000Z' }),
    });
    renderRoute('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('delete-account-open'));
    expect(screen.queryByTestId('delete-account-password')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('delete-account-send-code'));
    expect(await screen.findByText(/We sent a code to sara@example.com/)).toBeInTheDocument();
    await user.click(screen.getByTestId('otp-input-1'));
    await user.keyboard('4321');
    await user.click(screen.getByTestId('delete-account-confirm'));
    expect(await screen.findByText(/Your account will be deleted on December 10, 2026/)).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/account/code')?.body).toEqual({ action: 'deletion' });
    expect(calls.find((c) => c.route === 'POST /api/account/deletion')?.body).toEqual({ code: '4321' });
    await waitFor(() => expect(getItem('auth_token')).toBeNull());
  });
});

describe('an account without a password in settings (LinkedIn only)', () => {
  const passwordless = {
    ...presence,
    'GET /api/account/export': () => ok({ export: null }),
    'GET /api/user': () => ok(fullUserFixture({ has_password: false, phone: '' })),
    'POST /api/account/code': () =>
      ok({ action: 'password', value: 'sara@example.com', retry_after_seconds: 60 }, 'We sent a code'),
  };

  it('sets a first password with a code sent to its email, in the words of a first password', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      ...passwordless,
      'POST /api/account/password': () => ok({ sessions_ended: 0 }, TEXT.passwordSet),
    });
    renderRoute('/settings');
    const user = userEvent.setup();
    const form = await screen.findByTestId('change-password-form');
    expect(await within(form).findByText(/Your account has no password yet/)).toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    expect(screen.getByTestId('contact-current-phone')).toHaveTextContent('Not added yet');
    await user.click(within(form).getByTestId('current-send-code'));
    expect(await within(form).findByText(/Enter it to confirm it is you/)).toBeInTheDocument();
    await user.click(within(form).getByTestId('otp-input-1'));
    await user.keyboard('2468');
    await user.type(within(form).getByLabelText(/^New password/), 'First1234');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'First1234');
    await user.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(TEXT.passwordSet)).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/account/code')?.body).toEqual({ action: 'password' });
    expect(calls.find((c) => c.route === 'POST /api/account/password')?.body).toEqual({
      code: '2468',
      password: 'First1234',
      password_confirmation: 'First1234',
    });
  });

  it('asks for the code before a contact change, and sends it with the new address', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      ...passwordless,
      'POST /api/account/contact': () =>
        ok({ channel: 'phone', value: '+966501234567', retry_after_seconds: 60 }, 'sent'),
    });
    renderRoute('/settings', 'ar');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تغيير رقم الهاتف' }));
    const form = screen.getByTestId('contact-change-phone');
    expect(within(form).queryByTestId('contact-send-phone')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^رقم الهاتف الجديد/), '+966501234567');
    await user.click(within(form).getByTestId('contact-phone-send-code'));
    await user.click(await within(form).findByTestId('otp-input-1'));
    await user.keyboard('1357');
    await user.click(within(form).getByTestId('contact-send-phone'));
    expect(await screen.findByTestId('contact-confirm-phone')).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/account/code')?.body).toEqual({
      action: 'contact_change',
    });
    expect(calls.find((c) => c.route === 'POST /api/account/contact')?.body).toEqual({
      channel: 'phone',
      value: '+966501234567',
      code: '1357',
    });
  });
});
