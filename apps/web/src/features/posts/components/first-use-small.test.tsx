import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { commentFixture, postFixture } from '../../../test/post-fixtures.ts';
import { jeddah, riyadh } from '../../../test/profile-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

const fetchMock = mockFetch();

function answer(posts = [postFixture()]) {
  signIn();
  return routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture()),
    'GET /api/posts': () => ok({ posts, next_cursor: null }),
    'GET /api/posts/7': () => ok(posts[0]),
    'GET /api/posts/7/comments': () =>
      ok({
        comments: [commentFixture({ comment: 'Floor plan: https://plans.example/olaya.pdf.' })],
        next_cursor: null,
      }),
    'GET /api/cities': () => ok([riyadh, jeddah]),
  });
}

/** A screen below 640 px, as far as CSS media queries tell. */
function phoneScreen() {
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: media.includes('max-width: 639'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('the home page on a phone (issue 19)', () => {
  it("shows a compact 'Start a post' that opens the form, focused, and closes it again", async () => {
    phoneScreen();
    answer();
    renderRoute('/home');
    const start = await screen.findByTestId('composer-start');
    expect(start).toHaveTextContent('Start a post');
    // Only the button: the form is not on the page until asked for.
    expect(screen.queryByTestId('post-composer')).toBeNull();
    await userEvent.click(start);
    const form = await screen.findByTestId('post-composer');
    expect(form).toHaveAttribute('id', start.getAttribute('aria-controls'));
    expect(screen.queryByTestId('composer-start')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveFocus());
    await userEvent.type(screen.getByLabelText('Description'), 'Half-written');
    await userEvent.click(screen.getByRole('button', { name: 'Close the post form' }));
    expect(await screen.findByTestId('composer-start')).toBeInTheDocument();
    expect(screen.queryByTestId('post-composer')).toBeNull();
    // What was written is still there when it opens again.
    await userEvent.click(screen.getByTestId('composer-start'));
    expect(await screen.findByLabelText('Description')).toHaveValue('Half-written');
  });

  it('wider screens show the form itself', async () => {
    answer();
    renderRoute('/home');
    expect(await screen.findByTestId('post-composer')).toBeInTheDocument();
    expect(screen.queryByTestId('composer-start')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close the post form' })).toBeNull();
  });
});

describe('the location picker (issue 19)', () => {
  it('lists cities with their country', async () => {
    answer();
    renderRoute('/home');
    await screen.findByTestId('post-7');
    await userEvent.type(screen.getByTestId('composer-location'), 'Je');
    const list = await screen.findByTestId('composer-cities');
    const option = within(list).getByRole('button', { name: /Jeddah/ });
    expect(option).toHaveTextContent('Jeddah · Saudi Arabia');
    await userEvent.click(option);
    // The box takes the city alone.
    expect(screen.getByTestId('composer-location')).toHaveValue('Jeddah');
  });
});

describe('links in posts and comments (issue 19)', () => {
  it('become links that open apart, marked as user content; the rest stays text', async () => {
    answer([
      postFixture({ description: 'Tour: https://tour.example/olaya (ask for Omar) javascript:alert(1)' }),
    ]);
    renderRoute('/post/7');
    const description = await screen.findByTestId('post-description');
    expect(description).toHaveAttribute('dir', 'auto');
    const link = within(description).getByRole('link', { name: 'https://tour.example/olaya' });
    expect(link).toHaveAttribute('href', 'https://tour.example/olaya');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(within(description).getAllByRole('link')).toHaveLength(1);
    expect(description).toHaveTextContent('(ask for Omar) javascript:alert(1)');
    const comments = await screen.findByTestId('comments-list');
    expect(within(comments).getByRole('link', { name: 'https://plans.example/olaya.pdf' })).toHaveAttribute(
      'rel',
      'noopener nofollow ugc',
    );
  });
});
