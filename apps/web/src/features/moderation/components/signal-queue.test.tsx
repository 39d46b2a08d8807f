import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import {
  caseReportFixture,
  moderationUserFixture,
  queueItemFixture,
} from '../../../test/moderation-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

/** The console's Signals tab (issue 21): reports the server files itself, and their cases. */

const fetchMock = mockFetch();

const duplicatePhoto = queueItemFixture({
  target_id: 21,
  reports_count: 1,
  reasons: ['duplicate_photo'],
  content: { ...queueItemFixture().content, id: 21, text: 'Sea-view villa, same photo as another' },
});
const newAccount = queueItemFixture({
  target_type: 'user',
  target_id: 40,
  reports_count: 1,
  reasons: ['new_account_burst'],
  author: moderationUserFixture({ id: 40, name: 'Fresh Account' }),
  content: { ...queueItemFixture().content, type: 'user', id: 40, text: 'Fresh Account' },
});

const signalCase = {
  ...duplicatePhoto,
  reports: [
    caseReportFixture(1, {
      reporter: null,
      signal: true,
      reason: 'duplicate_photo',
      related_post_ids: [8, 9],
    }),
  ],
};

function asModerator(handlers: Parameters<typeof routeFetch>[1]) {
  signIn();
  return routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture({ role: 'moderator' })),
    // One endpoint, two queues: the members' reports by default, the signals with ?kind=signals.
    'GET /api/admin/reports': (_body, _init, url) =>
      ok({
        items:
          url.searchParams.get('kind') === 'signals' ? [duplicatePhoto, newAccount] : [queueItemFixture()],
      }),
    ...handlers,
  });
}

const kinds = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/reports')
    .map((url) => url.searchParams.get('kind'));

describe('the Signals tab', () => {
  it('lists the signals with their reasons, apart from the members’ reports', async () => {
    asModerator({});
    const { router } = renderRoute('/admin/signals');
    const photo = await screen.findByTestId('queue-item-post-21');
    expect(screen.getByTestId('signal-queue')).toBeInTheDocument();
    expect(screen.getByTestId('moderation-tab-signals')).toHaveAttribute('aria-current', 'page');
    expect(photo).toHaveTextContent('Photo also in another listing');
    expect(photo).toHaveTextContent('1 signal');
    expect(photo).toHaveTextContent('First signalled Nov 20, 2026');
    expect(screen.getByTestId('queue-item-user-40')).toHaveTextContent('Many listings from a new account');
    expect(screen.queryByTestId('queue-item-post-7')).toBeNull();

    // The members' queue is another query: its own items, not the signals' cached ones.
    await userEvent.click(screen.getByTestId('moderation-tab-queue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByTestId('queue-item-post-7')).toHaveTextContent('Fraud or scam');
    expect(screen.queryByTestId('queue-item-post-21')).toBeNull();
    expect(kinds()).toEqual(['signals', 'reports']);
  });

  it('says when there are no open signals', async () => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/user': () => ok(fullUserFixture({ role: 'moderator' })),
      'GET /api/admin/reports': () => ok({ items: [] }),
    });
    renderRoute('/admin/signals');
    expect(await screen.findByTestId('signal-queue-empty')).toHaveTextContent('No open signals. All clear.');
  });

  it('opens a signal’s case: "Automatic signal" instead of a reporter, its reason and its related listings', async () => {
    asModerator({ 'GET /api/admin/reports/post/21': () => ok(signalCase) });
    const { router } = renderRoute('/admin/signals');
    const row = await screen.findByTestId('queue-item-post-21');
    await userEvent.click(within(row).getByTestId('queue-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/reports/post/21'));

    const report = await screen.findByTestId('case-report-1');
    expect(within(report).getByTestId('case-report-signal')).toHaveTextContent('Automatic signal');
    expect(within(report).getByTestId('case-report-reason')).toHaveTextContent(
      'Photo also in another listing',
    );
    expect(report).not.toHaveTextContent('Reported by');
    const related = within(report).getByRole('list', { name: 'Listings with the same photo' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Listing #8', '/post/8'],
      ['Listing #9', '/post/9'],
    ]);
    // Back to the queue it came from.
    expect(screen.getByTestId('case-back')).toHaveAttribute('href', '/admin/signals');
    expect(screen.getByTestId('case-back')).toHaveTextContent('Back to the signals');
  });

  it('goes back to the signals once a signal is dismissed, even opened from a link', async () => {
    const calls = asModerator({
      'GET /api/admin/reports/post/21': () => ok(signalCase),
      'POST /api/admin/reports/post/21/dismiss': () => ok({ action_id: 3 }, TEXT.reportDismissed),
    });
    const { router } = renderRoute('/admin/reports/post/21');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('action-dismiss'));
    const dialog = await screen.findByTestId('moderation-action-dialog');
    await user.click(within(dialog).getByTestId('moderation-action-confirm'));
    expect(await screen.findByText(TEXT.reportDismissed)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/signals'));
    expect(calls.some((c) => c.route === 'POST /api/admin/reports/post/21/dismiss')).toBe(true);
  });

  it('speaks Arabic', async () => {
    asModerator({ 'GET /api/admin/reports/post/21': () => ok(signalCase) });
    renderRoute('/admin/signals', 'ar');
    const row = await screen.findByTestId('queue-item-post-21');
    expect(row).toHaveTextContent('صورة موجودة في إعلان آخر');
    expect(row).toHaveTextContent('إشارة واحدة');
    expect(screen.getByTestId('moderation-tab-signals')).toHaveTextContent('الإشارات');
    await userEvent.click(within(row).getByTestId('queue-open'));
    expect(await screen.findByTestId('case-report-signal')).toHaveTextContent('إشارة تلقائية');
    expect(screen.getByRole('link', { name: 'الإعلان رقم 8' })).toHaveAttribute('href', '/post/8');
  });
});
