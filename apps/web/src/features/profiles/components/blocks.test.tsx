import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { publicProfileFixture } from '../../../test/profile-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

/** Blocking from a profile and unblocking from Settings (issue 21). */

const fetchMock = mockFetch();

describe('blocking', () => {
  it('asks first, then blocks: the profile says so and offers Unblock instead of Follow and Message', async () => {
    let blocked = false;
    const calls = routeFetch(fetchMock, {
      'GET /api/profiles/12/full': () =>
        ok({ user: publicProfileFixture({ is_blocked: blocked }), posts: [] }),
      'POST /api/users/12/block': () => {
        blocked = true;
        return ok({ user_id: 12, is_blocked: true }, TEXT.userBlocked);
      },
    });
    signIn();
    renderRoute('/user/12');
    await screen.findByTestId('user-profile');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Block Al Noor Developments' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Block Al Noor Developments?');
    expect(dialog).toHaveTextContent('Al Noor Developments will not be told.');
    await user.click(within(dialog).getByTestId('block-confirm'));
    expect(await screen.findByText(TEXT.userBlocked)).toBeInTheDocument();
    expect(await screen.findByTestId('blocked-banner')).toHaveTextContent(
      'You blocked Al Noor Developments.',
    );
    expect(screen.queryByTestId('follow-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('message-button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock Al Noor Developments' })).toBeInTheDocument();
    expect(calls.filter((c) => c.route === 'POST /api/users/12/block')).toHaveLength(1);
  });

  it('lists the blocked accounts in Settings, in Arabic, and unblocks one', async () => {
    let users = [
      {
        id: 12,
        name: 'Al Noor Developments',
        user_type: 'developer',
        picture: null,
        blocked_at: '2026-11-20T10:00:00.000Z',
      },
    ];
    routeFetch(fetchMock, {
      'GET /api/chat/settings': () => ok({ show_presence: true }),
      'GET /api/account/export': () => ok({ export: null }),
      'GET /api/blocks': () => ok({ users }),
      'DELETE /api/users/12/block': () => {
        users = [];
        return ok({ user_id: 12, is_blocked: false }, TEXT.userUnblocked);
      },
    });
    signIn();
    renderRoute('/settings', 'ar');
    const list = await screen.findByTestId('blocked-users');
    expect(screen.getByRole('heading', { name: 'الحسابات المحظورة' })).toBeInTheDocument();
    const row = await within(list).findByTestId('blocked-user');
    expect(row).toHaveTextContent('Al Noor Developments');
    expect(row).toHaveTextContent('محظور منذ');
    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: 'إلغاء حظر Al Noor Developments' }));
    await waitFor(() =>
      expect(within(list).getByTestId('blocked-users-empty')).toHaveTextContent('لم تحظر أي حساب.'),
    );
  });
});
