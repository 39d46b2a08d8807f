import { TEXT } from '@makan/contract/texts';
import type { VerificationItem } from '@makan/contract/verification';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

/** The console's Verifications tab (issue 21). */

const fetchMock = mockFetch();

function item(overrides: Partial<VerificationItem> = {}): VerificationItem {
  return {
    id: 4,
    status: 'pending',
    registration_number: '1010-123456',
    document_type: 'pdf',
    reason: null,
    created_at: '2026-11-20T10:00:00.000Z',
    decided_at: null,
    user: {
      id: 12,
      name: 'Al Noor Developments',
      user_type: 'developer',
      role: 'member',
      suspended_until: null,
      suspended_forever: false,
    },
    document_url: '/api/admin/verifications/4/document',
    ...overrides,
  };
}

function asModerator(handlers: Parameters<typeof routeFetch>[1]) {
  signIn();
  return routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture({ role: 'moderator' })),
    ...handlers,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the Verifications tab', () => {
  it('lists pending requests and opens a document with the session', async () => {
    const calls = asModerator({
      'GET /api/admin/verifications': () =>
        ok({
          items: [
            item(),
            item({ id: 5, registration_number: 'CR-77', user: { ...item().user, id: 13, name: 'Badr Co' } }),
          ],
        }),
      'GET /api/admin/verifications/4/document': () =>
        new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:doc-4');
    URL.revokeObjectURL = vi.fn();
    renderRoute('/admin/verifications');
    const row = await screen.findByTestId('verification-request-4');
    expect(row).toHaveTextContent('Al Noor Developments');
    expect(row).toHaveTextContent('1010-123456');
    expect(row).toHaveTextContent('Sent Nov 20, 2026');
    const rows = within(screen.getByTestId('verifications-list')).getAllByRole('listitem');
    expect(rows.map((r) => r.dataset.testid)).toEqual(['verification-request-4', 'verification-request-5']);
    expect(screen.getByTestId('moderation-tab-verifications')).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(row).getByTestId('verification-view-document'));
    await waitFor(() => expect(tab.location.href).toBe('blob:doc-4'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const fetched = calls.find((c) => c.route === 'GET /api/admin/verifications/4/document');
    expect(new Headers(fetched?.init?.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('approves after a confirmation', async () => {
    let approved = false;
    const calls = asModerator({
      'GET /api/admin/verifications': () => ok({ items: approved ? [] : [item()] }),
      'POST /api/admin/verifications/4/approve': () => {
        approved = true;
        return ok(null, TEXT.verificationApproved);
      },
    });
    renderRoute('/admin/verifications');
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByTestId('verification-request-4')).getByTestId('verification-approve'),
    );
    await user.click(await screen.findByTestId('verification-approve-confirm'));
    expect(await screen.findByText(TEXT.verificationApproved)).toBeInTheDocument();
    expect(await screen.findByTestId('verifications-empty')).toBeInTheDocument();
    expect(calls.filter((c) => c.route === 'POST /api/admin/verifications/4/approve')).toHaveLength(1);
  });

  it('refuses only with a reason, and sends it', async () => {
    const calls = asModerator({
      'GET /api/admin/verifications': () => ok({ items: [item()] }),
      'POST /api/admin/verifications/4/refuse': () => ok(null, TEXT.verificationRefused),
    });
    renderRoute('/admin/verifications');
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByTestId('verification-request-4')).getByTestId('verification-refuse'),
    );
    const dialog = await screen.findByTestId('verification-refuse-dialog');
    await user.click(within(dialog).getByTestId('verification-refuse-confirm'));
    expect(await within(dialog).findByText(TEXT.moderationReasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.route === 'POST /api/admin/verifications/4/refuse')).toBe(false);

    await user.type(
      within(dialog).getByTestId('verification-refuse-reason'),
      '  The certificate has expired ',
    );
    await user.click(within(dialog).getByTestId('verification-refuse-confirm'));
    expect(await screen.findByText(TEXT.verificationRefused)).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/admin/verifications/4/refuse')?.body).toEqual({
      reason: 'The certificate has expired',
    });
    await waitFor(() => expect(screen.queryByTestId('verification-refuse-dialog')).not.toBeInTheDocument());
  });

  it('speaks Arabic', async () => {
    asModerator({ 'GET /api/admin/verifications': () => ok({ items: [item()] }) });
    localStorage.setItem('language', 'ar');
    renderRoute('/admin/verifications', 'ar');
    const row = await screen.findByTestId('verification-request-4');
    expect(within(row).getByTestId('verification-view-document')).toHaveTextContent('عرض المستند');
    expect(screen.getByTestId('moderation-tab-verifications')).toHaveTextContent('التوثيق');
  });
});
