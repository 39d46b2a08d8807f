import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getItem, setItem } from '../../lib/storage.ts';
import { ok, routeFetch } from '../../test/auth-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../test/render.tsx';

const fetchMock = mockFetch();

afterEach(() => {
  document.documentElement.classList.remove('dark');
});

describe('settings page', () => {
  it('switches the theme', async () => {
    renderRoute('/settings');
    const themes = await screen.findByRole('group', { name: 'Theme' });
    expect(within(themes).getByRole('radio', { name: 'Light' })).toBeChecked();
    await userEvent.click(within(themes).getByRole('radio', { name: 'Dark' }));
    expect(within(themes).getByRole('radio', { name: 'Dark' })).toBeChecked();
    // The class on <html> follows once the click has painted (lib/theme.ts).
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(getItem('theme')).toBe('dark');
    expect(getItem('darkMode')).toBe(true);
  });

  it('offers both languages, the current one chosen', async () => {
    renderRoute('/settings');
    const languages = await screen.findByRole('group', { name: 'Language' });
    expect(within(languages).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(within(languages).getByRole('radio', { name: 'العربية' })).not.toBeChecked();
  });

  it('shows no logout to a visitor', async () => {
    renderRoute('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('asks before logging out; Escape and Cancel keep the session', async () => {
    signIn();
    const user = userEvent.setup();
    renderRoute('/settings');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Log out?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    // Focus stays inside the dialog.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Log out' })).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(getItem('auth_token')).toBe('test-token');
    // Only the privacy switch's own setting was asked for: nothing was sent to log out.
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/auth/logout');
  });

  it('logging out calls the server, forgets the session and goes to /login, even if the call fails', async () => {
    signIn();
    setItem('user_email', 'sara@example.com');
    setItem('user_phone', '0500000000');
    setItem('theme', 'dark');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    const { router } = renderRoute('/settings');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [url, init] = fetchMock.mock.calls.find(([called]) => called === '/api/auth/logout') ?? [];
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer test-token');
    for (const key of ['auth_token', 'user_data', 'user_email', 'user_phone'] as const)
      expect(getItem(key)).toBeNull();
    expect(getItem('theme')).toBe('dark');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('switches presence off for the people I chat with', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      'GET /api/chat/settings': () => ok({ show_presence: true }),
      'PATCH /api/chat/settings': () => ok({ show_presence: false }),
    });
    renderRoute('/settings');
    const toggle = await screen.findByRole('switch', { name: "Show when I'm online" });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(calls.find((c) => c.route === 'PATCH /api/chat/settings')?.body).toEqual({ show_presence: false });
  });
});
