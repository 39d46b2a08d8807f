import type { LicenceItem } from '@makan/contract/moderation';
import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { moderationUserFixture, queueItemFixture } from '../../../test/moderation-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

/** The console's Licences tab (issue 21): advertising licence numbers to check, oldest first. */

const fetchMock = mockFetch();

function licence(overrides: Partial<LicenceItem> = {}): LicenceItem {
  return {
    post_id: 7,
    licence_number: '7200123456',
    checked: false,
    author: moderationUserFixture(),
    content: { ...queueItemFixture().content, image_url: '/media/posts/7/1.webp' },
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

describe('the Licences tab', () => {
  it('lists the unchecked licences with the listing, its author and the number', async () => {
    asModerator({
      'GET /api/admin/licences': () =>
        ok({
          items: [
            licence(),
            licence({ post_id: 9, licence_number: 'TR-55', content: { ...licence().content, id: 9 } }),
          ],
        }),
    });
    renderRoute('/admin/licences');
    const row = await screen.findByTestId('licence-item-7');
    expect(screen.getByTestId('moderation-tab-licences')).toHaveAttribute('aria-current', 'page');
    expect(row).toHaveTextContent('Grade A office floor');
    expect(row).toHaveTextContent('Noor Haddad');
    expect(within(row).getByRole('img', { name: "The post's first photo" })).toHaveAttribute(
      'src',
      '/media/posts/7/1.webp',
    );
    const number = within(row).getByTestId('licence-number');
    expect(number).toHaveTextContent('7200123456');
    expect(number).toHaveAttribute('dir', 'ltr');
    expect(row).toHaveTextContent('Posted Nov 19, 2026');
    expect(within(row).getByRole('link', { name: 'View the listing' })).toHaveAttribute('href', '/post/7');
    const rows = within(screen.getByTestId('licences-list')).getAllByRole('listitem');
    expect(rows.map((r) => r.dataset.testid)).toEqual(['licence-item-7', 'licence-item-9']);
  });

  it('marks a licence as checked: posts {checked: true}, says so, and the licence leaves the list', async () => {
    let checked = false;
    const calls = asModerator({
      'GET /api/admin/licences': () => ok({ items: checked ? [] : [licence()] }),
      'POST /api/admin/posts/7/licence': () => {
        checked = true;
        return ok({ action_id: 12 }, TEXT.licenceChecked);
      },
    });
    renderRoute('/admin/licences');
    const row = await screen.findByTestId('licence-item-7');
    await userEvent.click(within(row).getByRole('button', { name: 'Mark as checked: listing #7' }));
    expect(await screen.findByText(TEXT.licenceChecked)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('licence-item-7')).toBeNull());
    expect(await screen.findByTestId('licences-empty')).toHaveTextContent(
      'No licence numbers are waiting to be checked.',
    );
    const posts = calls.filter((c) => c.route === 'POST /api/admin/posts/7/licence');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ checked: true });
  });

  it('says why when the server refuses (the number was removed since), and reads the list again', async () => {
    let removed = false;
    asModerator({
      'GET /api/admin/licences': () => ok({ items: removed ? [] : [licence()] }),
      'POST /api/admin/posts/7/licence': () => {
        removed = true;
        return fail(422, { message: TEXT.licenceMissing, code: 'licenceMissing' });
      },
    });
    renderRoute('/admin/licences');
    await userEvent.click(within(await screen.findByTestId('licence-item-7')).getByTestId('licence-check'));
    expect(await screen.findByText(TEXT.licenceMissing)).toBeInTheDocument();
    expect(await screen.findByTestId('licences-empty')).toBeInTheDocument();
  });

  it('speaks Arabic, the number still left to right', async () => {
    asModerator({ 'GET /api/admin/licences': () => ok({ items: [licence()] }) });
    renderRoute('/admin/licences', 'ar');
    const row = await screen.findByTestId('licence-item-7');
    expect(screen.getByTestId('moderation-tab-licences')).toHaveTextContent('التراخيص');
    expect(within(row).getByTestId('licence-check')).toHaveTextContent('تأكيد التحقق');
    expect(within(row).getByTestId('licence-number')).toHaveAttribute('dir', 'ltr');
  });
});
