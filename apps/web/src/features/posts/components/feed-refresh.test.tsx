import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

const fetchMock = mockFetch();

const feedCursors = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/posts')
    .map((url) => url.searchParams.get('cursor'));

describe('feed refresh', () => {
  it('refetches from the top only, then rests for 1 s', async () => {
    let fresh = false;
    signIn();
    routeFetch(fetchMock, {
      'GET /api/user': () => ok(fullUserFixture()),
      'GET /api/posts': (_b, _i, url) =>
        url.searchParams.get('cursor') === '7'
          ? ok({ posts: [postFixture({ id: 3, description: 'Older warehouse' })], next_cursor: null })
          : ok({
              posts: [postFixture({ description: fresh ? 'Just listed' : 'Grade A office floor in Olaya' })],
              next_cursor: 7,
            }),
    });
    renderRoute('/home');
    await screen.findByTestId('post-7');
    await userEvent.click(screen.getByTestId('posts-load-more'));
    await screen.findByText('Older warehouse');
    expect(feedCursors()).toEqual([null, '7']);

    fresh = true;
    const refresh = screen.getByTestId('feed-refresh');
    await userEvent.click(refresh);
    expect(refresh).toBeDisabled();
    expect(await screen.findByText('Just listed')).toBeInTheDocument();
    // Only the first page was asked again; the second is gone until scrolled to.
    expect(feedCursors()).toEqual([null, '7', null]);
    expect(screen.queryByText('Older warehouse')).not.toBeInTheDocument();

    // A click during the cooldown does nothing.
    await userEvent.click(refresh);
    expect(feedCursors()).toHaveLength(3);
    await waitFor(() => expect(refresh).toBeEnabled(), { timeout: 2000 });
    await userEvent.click(refresh);
    await waitFor(() => expect(feedCursors()).toHaveLength(4));
  });
});
