import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

const fetchMock = mockFetch();

function answer(posts: ReturnType<typeof postFixture>[]) {
  signIn();
  routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture()),
    'GET /api/posts': () => ok({ posts, next_cursor: null }),
    'GET /api/posts/7': () => ok(posts[0]),
    'GET /api/posts/7/comments': () => ok({ comments: [], next_cursor: null }),
  });
}

describe("a post's Message button (issue 19)", () => {
  it('opens the chat with the author, carrying a first message that names the listing and links to it', async () => {
    answer([postFixture()]);
    const { router } = renderRoute('/home');
    const card = await screen.findByTestId('post-7');
    const button = within(card).getByRole('link', { name: 'Message Noor Haddad about this listing' });
    expect(button).toHaveAttribute('href', '/chat/new?user=2');
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/new'));
    expect(router.state.location.search).toBe('?user=2');
    expect(router.state.location.state).toEqual({
      draft: `Hello, I'm interested in your listing “Office Space · Riyadh”: ${window.location.origin}/post/7`,
    });
  });

  it('is on the post page too, and in Arabic', async () => {
    answer([postFixture()]);
    localStorage.setItem('language', 'ar');
    const { router } = renderRoute('/post/7', 'ar');
    const button = await screen.findByTestId('post-message');
    expect(button).toHaveTextContent('مراسلة');
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/new'));
    expect(router.state.location.state).toEqual({
      draft: `مرحبًا، أنا مهتم بإعلانك «مساحة مكتبية · الرياض»: ${window.location.origin}/post/7`,
    });
  });

  it('is not on my own posts', async () => {
    answer([
      postFixture({
        is_owner: true,
        user_id: 1,
        user: { id: 1, name: 'Sara', picture: null, company_verified: false },
      }),
    ]);
    renderRoute('/home');
    const card = await screen.findByTestId('post-7');
    expect(within(card).queryByTestId('post-message')).toBeNull();
    expect(within(card).getByTestId('post-edit')).toBeInTheDocument();
  });
});
