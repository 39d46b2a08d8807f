import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { commentFixture, postFixture } from '../../../test/post-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

const fetchMock = mockFetch();

type Handlers = Parameters<typeof routeFetch>[1];

function answer(handlers: Handlers) {
  signIn();
  return routeFetch(fetchMock, { 'GET /api/user': () => ok(fullUserFixture()), ...handlers });
}

const called = (route: string) =>
  fetchMock.mock.calls.some(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}` === route;
  });

describe('home feed', () => {
  it('shows the posts with author, time, location and type, and a Load more when there is more', async () => {
    answer({
      'GET /api/posts': (_b, _i, url) =>
        url.searchParams.get('cursor') === '7'
          ? ok({ posts: [postFixture({ id: 3, description: 'Older warehouse' })], next_cursor: null })
          : ok({ posts: [postFixture()], next_cursor: 7 }),
    });
    renderRoute('/home');
    const card = await screen.findByTestId('post-7');
    expect(within(card).getByRole('link', { name: 'Noor Haddad' })).toHaveAttribute('href', '/user/2');
    expect(within(card).getByText('Grade A office floor in Olaya')).toHaveAttribute('dir', 'auto');
    expect(within(card).getByTestId('post-location')).toHaveTextContent('Riyadh');
    expect(within(card).getByTestId('post-type')).toHaveTextContent('Office Space');
    expect(within(card).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(card).getByTestId('post-share')).toHaveTextContent('10');
    await userEvent.click(screen.getByTestId('posts-load-more'));
    expect(await screen.findByText('Older warehouse')).toBeInTheDocument();
    expect(screen.queryByTestId('posts-load-more')).not.toBeInTheDocument();
  });

  it('shows the Arabic city name in Arabic', async () => {
    answer({ 'GET /api/posts': () => ok({ posts: [postFixture()], next_cursor: null }) });
    localStorage.setItem('language', 'ar');
    renderRoute('/home', 'ar');
    const card = await screen.findByTestId('post-7');
    expect(within(card).getByTestId('post-location')).toHaveTextContent('الرياض');
  });

  it("says 'Failed to Load Posts' and retries", async () => {
    let fails = true;
    answer({
      'GET /api/posts': () =>
        fails ? fail(500, { message: 'boom' }) : ok({ posts: [postFixture()], next_cursor: null }),
    });
    renderRoute('/home');
    expect(await screen.findByText('Failed to Load Posts', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(
      screen.getByText("We couldn't load the posts. Please check your internet connection and try again."),
    ).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByTestId('posts-retry'));
    expect(await screen.findByTestId('post-7')).toBeInTheDocument();
  }, 20_000);

  it('likes at once and rolls back when the server refuses', async () => {
    let resolveLike: (response: Response) => void = () => {};
    answer({
      'GET /api/posts': () => ok({ posts: [postFixture()], next_cursor: null }),
      'POST /api/posts/7/like': () =>
        new Promise<Response>((resolve) => {
          resolveLike = resolve;
        }),
    });
    renderRoute('/home');
    const card = await screen.findByTestId('post-7');
    const like = within(card).getByTestId('post-like');
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByTestId('post-likes-count')).toHaveTextContent('4');
    resolveLike(fail(403, { message: 'no' }));
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(within(card).getByTestId('post-likes-count')).toHaveTextContent('3');
  });

  it("takes the server's counts after a bookmark", async () => {
    answer({
      'GET /api/posts': () => ok({ posts: [postFixture()], next_cursor: null }),
      'POST /api/posts/7/bookmark': () => ok({ is_bookmarked: true, bookmarks_count: 5 }),
    });
    renderRoute('/home');
    const card = await screen.findByTestId('post-7');
    await userEvent.click(within(card).getByTestId('post-bookmark'));
    await waitFor(() => expect(within(card).getByTestId('post-bookmarks-count')).toHaveTextContent('5'));
    expect(await screen.findByText('Post bookmarked!')).toBeInTheDocument();
  });

  it('deletes your own post after confirmation', async () => {
    answer({
      'GET /api/posts': () => ok({ posts: [postFixture({ is_owner: true, user_id: 1 })], next_cursor: null }),
      'DELETE /api/posts/7': () => ok(null),
    });
    renderRoute('/home');
    const card = await screen.findByTestId('post-7');
    expect(within(card).getAllByRole('link')[0]).toHaveAttribute('href', '/profile');
    await userEvent.click(within(card).getByTestId('post-delete'));
    await userEvent.click(await screen.findByTestId('post-delete-confirm'));
    expect(await screen.findByText('Post deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('post-7')).not.toBeInTheDocument());
  });

  it('shows no delete button on the posts of others', async () => {
    answer({ 'GET /api/posts': () => ok({ posts: [postFixture()], next_cursor: null }) });
    renderRoute('/home');
    const card = await screen.findByTestId('post-7');
    expect(within(card).queryByTestId('post-delete')).not.toBeInTheDocument();
  });
});

describe('feed filters', () => {
  it('asks the server for the chosen property type and purpose', async () => {
    answer({
      'GET /api/posts': (_b, _i, url) =>
        url.searchParams.get('property_type') === 'warehouse'
          ? ok({
              posts: [postFixture({ id: 9, property_type: 'warehouse', description: 'Big shed' })],
              next_cursor: null,
            })
          : ok({ posts: [postFixture()], next_cursor: null }),
    });
    renderRoute('/home');
    await screen.findByTestId('post-7');
    await userEvent.selectOptions(screen.getByTestId('filter-type'), 'warehouse');
    expect(await screen.findByText('Big shed')).toBeInTheDocument();
    expect(screen.queryByTestId('post-7')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByTestId('filter-purpose'), 'rent');
    const last = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/posts')
      .at(-1);
    expect(last?.searchParams.get('purpose')).toBe('rent');
    expect(last?.searchParams.get('property_type')).toBe('warehouse');
  });
});

describe('composer', () => {
  it('asks for a description or photos, the type and the location, without calling the server', async () => {
    answer({ 'GET /api/posts': () => ok({ posts: [], next_cursor: null }) });
    renderRoute('/home');
    await userEvent.click(await screen.findByTestId('composer-submit'));
    expect(await screen.findByTestId('composer-content-error')).toHaveTextContent(
      'Please add a description or upload photos',
    );
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(called('POST /api/posts')).toBe(false);
  });

  it("creates a post and says 'Post created successfully!'", async () => {
    const calls = answer({
      'GET /api/posts': () => ok({ posts: [], next_cursor: null }),
      'POST /api/posts': () => ok(postFixture(), 'Post created successfully!', 201),
    });
    renderRoute('/home');
    await userEvent.type(await screen.findByTestId('composer-description'), 'New office');
    await userEvent.selectOptions(screen.getByTestId('composer-type'), 'retail');
    await userEvent.type(screen.getByTestId('composer-location'), 'Olaya Street');
    await userEvent.click(screen.getByTestId('composer-submit'));
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    const sent = calls.find((call) => call.route === 'POST /api/posts')?.init?.body;
    expect(sent).toBeInstanceOf(FormData);
    const form = sent as FormData;
    expect(form.get('description')).toBe('New office');
    expect(form.get('property_type')).toBe('retail');
    expect(form.get('location')).toBe('Olaya Street');
    expect(screen.getByTestId('composer-description')).toHaveValue('');
  });

  it("says 'Failed to create post' when the server refuses", async () => {
    answer({
      'GET /api/posts': () => ok({ posts: [], next_cursor: null }),
      'POST /api/posts': () => fail(500, { message: 'boom' }),
    });
    renderRoute('/home');
    await userEvent.type(await screen.findByTestId('composer-description'), 'New office');
    await userEvent.selectOptions(screen.getByTestId('composer-type'), 'retail');
    await userEvent.type(screen.getByTestId('composer-location'), 'Olaya Street');
    await userEvent.click(screen.getByTestId('composer-submit'));
    expect(await screen.findByText('Failed to create post', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);

  it('sends one Idempotency-Key per post being written: the same on a retry, a new one once the post changes', async () => {
    let attempts = 0;
    const calls = answer({
      'GET /api/posts': () => ok({ posts: [], next_cursor: null }),
      'POST /api/posts': () => {
        attempts += 1;
        return attempts === 1
          ? fail(500, { message: 'boom' })
          : ok(postFixture(), 'Post created successfully!', 201);
      },
    });
    renderRoute('/home');
    await userEvent.type(await screen.findByTestId('composer-description'), 'New office');
    await userEvent.selectOptions(screen.getByTestId('composer-type'), 'retail');
    await userEvent.type(screen.getByTestId('composer-location'), 'Olaya Street');
    await userEvent.click(screen.getByTestId('composer-submit'));
    expect(await screen.findByText('Failed to create post', {}, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('composer-submit'));
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    const keys = () =>
      calls
        .filter((call) => call.route === 'POST /api/posts')
        .map((call) => new Headers(call.init?.headers).get('Idempotency-Key'));
    const [first, retry] = keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);

    // The next post is another post: another key.
    await userEvent.type(screen.getByTestId('composer-description'), 'Another office');
    await userEvent.selectOptions(screen.getByTestId('composer-type'), 'retail');
    await userEvent.type(screen.getByTestId('composer-location'), 'Olaya Street');
    await userEvent.click(screen.getByTestId('composer-submit'));
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).not.toBe(first);
  }, 20_000);
});

describe('search', () => {
  it("refuses a blank keyword with 'Search keyword is required' and no request", async () => {
    answer({});
    renderRoute('/search');
    await userEvent.type(await screen.findByTestId('search-input'), '   ');
    await userEvent.click(screen.getByTestId('search-submit'));
    expect(await screen.findByTestId('search-error')).toHaveTextContent('Search keyword is required');
    expect(called('GET /api/posts/search')).toBe(false);
    expect(localStorage.getItem('recent_searches')).toBeNull();
  });

  it('searches the trimmed keyword, remembers it and lists the results', async () => {
    const calls = answer({
      'GET /api/posts/search': () => ok({ posts: [postFixture()], next_cursor: null }),
    });
    renderRoute('/search');
    await userEvent.type(await screen.findByTestId('search-input'), '  olaya  ');
    await userEvent.click(screen.getByTestId('search-submit'));
    expect(await screen.findByTestId('post-7')).toBeInTheDocument();
    const url = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname === '/api/posts/search');
    expect(url?.searchParams.get('keyword')).toBe('olaya');
    expect(calls.some((call) => call.route === 'GET /api/posts/search')).toBe(true);
    expect(JSON.parse(localStorage.getItem('recent_searches') ?? '[]')).toEqual(['olaya']);
  });

  it('shows the recent searches', async () => {
    localStorage.setItem('recent_searches', JSON.stringify(['Riyadh office', 'warehouse']));
    answer({});
    renderRoute('/search');
    const recent = await screen.findByTestId('recent-searches');
    expect(
      within(recent)
        .getAllByTestId('recent-search')
        .map((b) => b.textContent),
    ).toEqual(['Riyadh office', 'warehouse']);
  });
});

describe('photos on the first screen', () => {
  const photos = (post: number) =>
    [1, 2].map((n) => ({
      id: post * 10 + n,
      url: `/media/post_photos/p${post}-${n}-480.webp`,
      url_large: `/media/post_photos/p${post}-${n}-1280.webp`,
      mime_type: 'image/webp',
      size: 1000,
      file_name: `p${n}.webp`,
      width: 1200,
      height: 800,
    }));
  const loading = (testId: string) =>
    within(screen.getByTestId(testId))
      .getAllByRole('img')
      .filter((img) => img.getAttribute('src')?.startsWith('/media/post_photos/'))
      .map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]);

  it('load at once on the post page, the first ahead of everything (the largest paint), not when seen', async () => {
    answer({
      'GET /api/posts/7': () => ok(postFixture({ media: photos(7) })),
      'GET /api/posts/7/comments': () => ok({ comments: [], next_cursor: null }),
    });
    renderRoute('/post/7');
    await screen.findByTestId('post-7');
    expect(loading('post-7')).toEqual([
      ['eager', 'high'],
      ['eager', 'auto'],
    ]);
  });

  it("in a feed, only the first card's photos load at once; the others when scrolled to", async () => {
    answer({
      'GET /api/posts': () =>
        ok({
          posts: [postFixture({ id: 7, media: photos(7) }), postFixture({ id: 8, media: photos(8) })],
          next_cursor: null,
        }),
    });
    renderRoute('/home');
    await screen.findByTestId('post-8');
    expect(loading('post-7')).toEqual([
      ['eager', 'high'],
      ['eager', 'auto'],
    ]);
    expect(loading('post-8')).toEqual([
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
  });
});

describe('post page', () => {
  it('shows the post, its comments, and adds a comment', async () => {
    const calls = answer({
      'GET /api/posts/7': () => ok(postFixture({ comments_count: 1 })),
      'GET /api/posts/7/comments': () =>
        ok({ comments: [commentFixture({ replies_count: 1 })], next_cursor: null }),
      'GET /api/comments/50/replies': () =>
        ok({
          comments: [commentFixture({ id: 51, parent_id: 50, comment: 'Yes, two spaces.' })],
          next_cursor: null,
        }),
      'POST /api/posts/7/comments': () => ok(commentFixture({ id: 52, comment: 'Great' }), undefined, 201),
    });
    renderRoute('/post/7');
    expect(await screen.findByTestId('post-7')).toBeInTheDocument();
    expect(await screen.findByText('Is parking included?')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('comment-toggle-replies'));
    expect(await screen.findByText('Yes, two spaces.')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('comment-input'), 'Great');
    await userEvent.click(screen.getByTestId('comment-submit'));
    expect(await screen.findByText('Comment added successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.route === 'POST /api/posts/7/comments')?.body).toEqual({
      comment: 'Great',
    });
    await waitFor(() => expect(screen.getByTestId('post-comments-count')).toHaveTextContent('2'));
  });

  it('refuses an empty comment', async () => {
    answer({
      'GET /api/posts/7': () => ok(postFixture()),
      'GET /api/posts/7/comments': () => ok({ comments: [], next_cursor: null }),
    });
    renderRoute('/post/7');
    await userEvent.click(await screen.findByTestId('comment-submit'));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(called('POST /api/posts/7/comments')).toBe(false);
  });

  it('says when the comment is not found', async () => {
    answer({
      'GET /api/posts/7/comments/99': () =>
        fail(404, { message: 'This comment was not found or has been removed.' }),
    });
    renderRoute('/comment/7/99');
    expect(await screen.findByText('Comment not found')).toBeInTheDocument();
  });
});
