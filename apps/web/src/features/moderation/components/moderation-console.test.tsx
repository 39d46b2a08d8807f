import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import {
  moderationUserFixture as author,
  queueItemFixture as item,
  caseReportFixture as reportOf,
} from '../../../test/moderation-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

/** The moderation console (issue 21): queue, case, actions, audit log, moderators. */

const fetchMock = mockFetch();

function asModerator(role: 'moderator' | 'admin' = 'moderator') {
  signIn();
  return { 'GET /api/user': () => ok(fullUserFixture({ role })) };
}

describe('the moderation console', () => {
  it('lists the queue for a moderator and opens a case', async () => {
    const calls = routeFetch(fetchMock, {
      ...asModerator(),
      'GET /api/admin/reports': () =>
        ok({
          items: [
            item(),
            item({
              target_type: 'user',
              target_id: 9,
              reports_count: 1,
              reasons: ['harassment'],
              author: author({ id: 9, name: 'Badr', suspended_forever: true }),
              content: { ...item().content, type: 'user', id: 9, text: 'Badr' },
            }),
          ],
        }),
      'GET /api/admin/reports/post/7': () =>
        ok({ ...item(), reports: [reportOf(1, { details: 'Asked me for a deposit' }), reportOf(2)] }),
    });
    const { router } = renderRoute('/admin');
    const row = await screen.findByTestId('queue-item-post-7');
    expect(row).toHaveTextContent('Post');
    expect(row).toHaveTextContent('3 reports');
    expect(row).toHaveTextContent('Grade A office floor');
    expect(row).toHaveTextContent('Fraud or scam');
    expect(row).toHaveTextContent('Fake or misleading listing');
    expect(row).toHaveTextContent('First reported Nov 20, 2026');
    expect(screen.getByTestId('queue-item-user-9')).toHaveTextContent('Suspended for good');
    // The header links moderators here once it knows the role (it asks the server nothing itself).
    expect(screen.getByTestId('moderation-nav-link')).toHaveAttribute('href', '/admin');

    await userEvent.click(within(row).getByRole('link', { name: 'Open the case of Post #7' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/reports/post/7'));
    const reports = await screen.findByTestId('case-reports');
    expect(within(reports).getByTestId('case-report-1')).toHaveTextContent('Reported by Reporter 1');
    expect(within(reports).getByTestId('case-report-1')).toHaveTextContent('Asked me for a deposit');
    expect(screen.getByRole('heading', { name: '2 reports' })).toBeInTheDocument();
    expect(calls.some((c) => c.route === 'GET /api/admin/reports/post/7')).toBe(true);
  });

  it('removes content only with a reason, posts it, shows the server message and goes back to the queue', async () => {
    let removed = false;
    const calls = routeFetch(fetchMock, {
      ...asModerator(),
      'GET /api/admin/reports': () => ok({ items: removed ? [] : [item()] }),
      'GET /api/admin/reports/post/7': () => ok({ ...item(), reports: [reportOf(1)] }),
      'POST /api/admin/reports/post/7/remove': () => {
        removed = true;
        return ok({ action_id: 5 }, TEXT.contentRemoved);
      },
    });
    const { router } = renderRoute('/admin/reports/post/7');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('action-remove'));
    const dialog = await screen.findByTestId('moderation-action-dialog');
    await user.click(within(dialog).getByTestId('moderation-action-confirm'));
    expect(await within(dialog).findByText(TEXT.moderationReasonRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.route.startsWith('POST'))).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Advance-fee scam');
    await user.click(within(dialog).getByTestId('moderation-action-confirm'));
    expect(await screen.findByText(TEXT.contentRemoved)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByTestId('report-queue-empty')).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/admin/reports/post/7/remove')?.body).toEqual({
      reason: 'Advance-fee scam',
    });
  });

  it('suspends the author for good, then offers to restore them', async () => {
    let suspended = false;
    const calls = routeFetch(fetchMock, {
      ...asModerator(),
      'GET /api/admin/reports/post/7': () =>
        ok({ ...item({ author: author({ suspended_forever: suspended }) }), reports: [reportOf(1)] }),
      'POST /api/admin/users/2/suspend': () => {
        suspended = true;
        return ok({ action_id: 6 }, TEXT.userSuspended);
      },
    });
    renderRoute('/admin/reports/post/7');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('action-suspend'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Noor Haddad?' });
    await user.click(within(dialog).getByRole('radio', { name: 'For good' }));
    expect(within(dialog).queryByTestId('suspend-days')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Repeated scams');
    await user.click(within(dialog).getByTestId('moderation-action-confirm'));
    expect(await screen.findByText(TEXT.userSuspended)).toBeInTheDocument();
    expect(await screen.findByTestId('action-restore')).toBeInTheDocument();
    expect(screen.getByTestId('case-author')).toHaveTextContent('Suspended for good');
    expect(calls.find((c) => c.route === 'POST /api/admin/users/2/suspend')?.body).toEqual({
      reason: 'Repeated scams',
      forever: true,
    });
  });

  it('shows the evidence of a message report with the reported message marked, and no Remove for an account', async () => {
    routeFetch(fetchMock, {
      ...asModerator(),
      'GET /api/admin/reports/message/40': () =>
        ok({
          ...item({
            target_type: 'message',
            target_id: 40,
            content: { ...item().content, type: 'message', id: 40 },
          }),
          reports: [
            reportOf(1, {
              reason: 'harassment',
              evidence: [
                {
                  id: 39,
                  sender_id: 1,
                  sender_name: 'Sara',
                  content: 'Is it still free?',
                  created_at: '2026-11-20T09:00:00.000Z',
                  reported: false,
                },
                {
                  id: 40,
                  sender_id: 2,
                  sender_name: 'Noor Haddad',
                  content: 'Rude words',
                  created_at: '2026-11-20T09:01:00.000Z',
                  reported: true,
                },
              ],
            }),
          ],
        }),
      'GET /api/admin/reports/user/9': () =>
        ok({
          ...item({ target_type: 'user', target_id: 9, content: { ...item().content, type: 'user', id: 9 } }),
          reports: [reportOf(2)],
        }),
    });
    const { router } = renderRoute('/admin/reports/message/40');
    const evidence = await screen.findByTestId('case-evidence');
    expect(within(evidence).getByTestId('evidence-40')).toHaveAttribute('data-reported', 'true');
    expect(within(evidence).getByTestId('evidence-40')).toHaveTextContent('Reported message');
    expect(within(evidence).getByTestId('evidence-39')).toHaveAttribute('data-reported', 'false');
    expect(screen.getByTestId('action-remove')).toBeInTheDocument();

    await router.navigate('/admin/reports/user/9');
    await screen.findByTestId('case-report-2');
    expect(screen.queryByTestId('action-remove')).toBeNull();
    expect(screen.getByTestId('action-warn')).toBeInTheDocument();
  });

  it('dismisses without a note, and asks for a valid number of days before suspending', async () => {
    const calls = routeFetch(fetchMock, {
      ...asModerator(),
      'GET /api/admin/reports': () => ok({ items: [] }),
      'GET /api/admin/reports/post/7': () => ok({ ...item(), reports: [reportOf(1)] }),
      'POST /api/admin/reports/post/7/dismiss': () => ok({ action_id: 7 }, TEXT.reportDismissed),
      'POST /api/admin/users/2/suspend': () => ok({ action_id: 8 }, TEXT.userSuspended),
    });
    const { router } = renderRoute('/admin/reports/post/7');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('action-suspend'));
    let dialog = await screen.findByTestId('moderation-action-dialog');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Days' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Days' }), '0');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(within(dialog).getByTestId('moderation-action-confirm'));
    expect(
      await within(dialog).findByText('Enter a whole number of days from 1 to 3650'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Days' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Days' }), '30');
    await user.click(within(dialog).getByTestId('moderation-action-confirm'));
    expect(await screen.findByText(TEXT.userSuspended)).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/admin/users/2/suspend')?.body).toEqual({
      reason: 'Spam',
      days: 30,
    });

    await user.click(await screen.findByTestId('action-dismiss'));
    dialog = await screen.findByTestId('moderation-action-dialog');
    await user.click(within(dialog).getByTestId('moderation-action-confirm'));
    expect(await screen.findByText(TEXT.reportDismissed)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(calls.find((c) => c.route === 'POST /api/admin/reports/post/7/dismiss')?.body).toEqual({});
  });

  it('shows the queue in Arabic', async () => {
    routeFetch(fetchMock, {
      ...asModerator(),
      'GET /api/admin/reports': () => ok({ items: [item()] }),
    });
    renderRoute('/admin', 'ar');
    const row = await screen.findByTestId('queue-item-post-7');
    expect(row).toHaveTextContent('منشور');
    expect(row).toHaveTextContent('احتيال أو نصب');
    expect(row).toHaveTextContent('بلاغات');
    expect(within(row).getByRole('link', { name: 'فتح قضية منشور رقم 7' })).toHaveAttribute(
      'href',
      '/admin/reports/post/7',
    );
  });

  it('pages the audit log with its cursor and filters it by action', async () => {
    const entry = (id: number, action = 'remove') => ({
      id,
      action,
      moderator: { id: 1, name: 'Sara Al Amri' },
      target_type: 'post',
      target_id: id,
      target_user_id: 2,
      reason: `Reason ${id}`,
      details: null,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    routeFetch(fetchMock, {
      ...asModerator(),
      'GET /api/admin/audit': (_body, _init, url) => {
        if (url.searchParams.get('action') === 'suspend')
          return ok({ entries: [entry(3, 'suspend')], next_cursor: null });
        return url.searchParams.get('cursor') === '11'
          ? ok({ entries: [entry(10)], next_cursor: null })
          : ok({ entries: [entry(12), entry(11)], next_cursor: 11 });
      },
    });
    renderRoute('/admin/audit');
    const user = userEvent.setup();
    expect(await screen.findByTestId('audit-entry-12')).toHaveTextContent('Removed content');
    expect(screen.getByTestId('audit-entry-12')).toHaveTextContent('By Sara Al Amri');
    await user.click(screen.getByTestId('audit-more'));
    expect(await screen.findByTestId('audit-entry-10')).toBeInTheDocument();
    expect(screen.queryByTestId('audit-more')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'suspend');
    await user.click(screen.getByTestId('audit-apply'));
    expect(await screen.findByTestId('audit-entry-3')).toHaveTextContent('Suspended');
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(asked.some((url) => url.searchParams.get('action') === 'suspend')).toBe(true);
    expect(asked.some((url) => url.searchParams.get('cursor') === '11')).toBe(true);
  });

  it('lets an admin add a moderator by email and revoke one', async () => {
    let users = [author({ id: 1, name: 'Sara Al Amri', role: 'admin' })];
    const calls = routeFetch(fetchMock, {
      ...asModerator('admin'),
      'GET /api/admin/moderators': () => ok({ users }),
      'POST /api/admin/moderators': () => {
        users = [...users, author({ id: 5, name: 'Omar', role: 'moderator' })];
        return ok({ action_id: 8 }, TEXT.moderatorGranted);
      },
      'DELETE /api/admin/moderators/5': () => {
        users = users.filter((u) => u.id !== 5);
        return ok({ action_id: 9 }, TEXT.moderatorRevoked);
      },
    });
    renderRoute('/admin/moderators');
    const user = userEvent.setup();
    await screen.findByTestId('moderators-list');
    await user.type(
      screen.getByRole('textbox', { name: 'Email of the account to make moderator' }),
      'Omar@Example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Add moderator' }));
    expect(await screen.findByText(TEXT.moderatorGranted)).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/admin/moderators')?.body).toEqual({
      email: 'omar@example.com',
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke Omar as moderator' }));
    await user.click(await screen.findByTestId('revoke-confirm'));
    expect(await screen.findByText(TEXT.moderatorRevoked)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Omar')).toBeNull());
  });

  it('tells a member, in Arabic, that the console is not for them, and asks the server nothing', async () => {
    signIn();
    const calls = routeFetch(fetchMock, { 'GET /api/user': () => ok(fullUserFixture({ role: 'member' })) });
    renderRoute('/admin', 'ar');
    expect(await screen.findByTestId('moderation-not-allowed')).toHaveTextContent('للمشرفين فقط');
    expect(screen.queryByTestId('moderation-nav-link')).toBeNull();
    expect(calls.some((c) => c.route.startsWith('GET /api/admin'))).toBe(false);
  });

  it('shows "not allowed" when the server refuses (403), in Arabic, with the tabs in Arabic for a moderator', async () => {
    routeFetch(fetchMock, {
      ...asModerator(),
      'GET /api/admin/reports': () => fail(403, { message: TEXT.notAuthorized }),
    });
    renderRoute('/admin', 'ar');
    expect(await screen.findByRole('link', { name: 'سجل الإجراءات' })).toBeInTheDocument();
    expect(await screen.findByTestId('moderation-not-allowed')).toBeInTheDocument();
  });

  it.each([
    ['moderator', true],
    ['member', false],
  ] as const)('links a %s to the console from Settings: %s', async (role, shown) => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/user': () => ok(fullUserFixture({ role })),
      'GET /api/chat/settings': () => ok({ show_presence: true }),
      'GET /api/account/export': () => ok({ export: null }),
      'GET /api/blocks': () => ok({ users: [] }),
    });
    renderRoute('/settings');
    await screen.findByTestId('blocked-users');
    // The contact settings read the same user: once they show it, the role is known.
    await screen.findByText('sara@example.com', { exact: false });
    if (shown) expect(await screen.findByTestId('moderation-link')).toHaveAttribute('href', '/admin');
    else expect(screen.queryByTestId('moderation-link')).toBeNull();
  });
});
