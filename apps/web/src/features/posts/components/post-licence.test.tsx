import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

/** A listing's advertising licence, once a moderator has checked it (issue 21). */

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

describe("a listing's licence", () => {
  it('shows a checked licence with a named check mark, and an unchecked one as before', async () => {
    answer([
      postFixture({ licence_number: '7200123456', licence_checked: true }),
      postFixture({ id: 8, licence_number: '7200999999', licence_checked: false }),
    ]);
    renderRoute('/home');
    const checked = within(await screen.findByTestId('post-7')).getByTestId('post-licence');
    expect(checked).toHaveTextContent('Licence 7200123456');
    expect(within(checked).getByRole('img', { name: 'Licence checked' })).toHaveAttribute(
      'title',
      'Licence checked',
    );

    const unchecked = within(screen.getByTestId('post-8')).getByTestId('post-licence');
    expect(unchecked).toHaveTextContent('Licence 7200999999');
    expect(within(unchecked).queryByTestId('post-licence-checked')).toBeNull();
  });

  it('shows the mark on the post page too, named in Arabic', async () => {
    answer([postFixture({ licence_number: '7200123456', licence_checked: true })]);
    localStorage.setItem('language', 'ar');
    renderRoute('/post/7', 'ar');
    const licence = await screen.findByTestId('post-licence');
    expect(licence).toHaveTextContent('ترخيص 7200123456');
    expect(within(licence).getByRole('img', { name: 'ترخيص موثَّق' })).toBeInTheDocument();
  });

  it('shows no licence line when the listing has no number', async () => {
    answer([postFixture()]);
    renderRoute('/home');
    await screen.findByTestId('post-7');
    expect(screen.queryByTestId('post-licence')).toBeNull();
  });
});
