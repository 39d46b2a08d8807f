import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getItem } from '../../../lib/storage.ts';
import { fail, ok, routeFetch } from '../../../test/auth-fixtures.ts';
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
