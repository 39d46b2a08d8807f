import { NO_CRITERIA, SAVED_SEARCHES_MAX } from '@makan/contract/saved-search-words';
import type { SavedSearch } from '@makan/contract/saved-searches';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setItem } from '../../../lib/storage.ts';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { riyadh } from '../../../test/profile-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';
import { savedSearchFixture } from '../../../test/saved-search-fixtures.ts';

/** The list of saved searches (issue 23): run, rename, pause, how often, delete; what is new. */

const fetchMock = mockFetch();

const offices = savedSearchFixture({ id: 5, new_count: 3 });
const shops = savedSearchFixture({
  id: 6,
  name: 'Shops under 2M',
  criteria: { ...NO_CRITERIA, property_types: ['office', 'retail'], currency: 'SAR', price_max: 2_000_000 },
  frequency: 'daily',
  paused: true,
});

function answer(searches: SavedSearch[], extra: Parameters<typeof routeFetch>[1] = {}) {
  signIn();
  let list = searches;
  const calls = routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture()),
    'GET /api/cities/1': () => ok(riyadh),
    'GET /api/saved-searches': () => ok({ saved_searches: list, max: SAVED_SEARCHES_MAX }),
    ...Object.fromEntries(
      searches.map((search) => [
        `PATCH /api/saved-searches/${search.id}`,
        (body: unknown) => {
          const updated = { ...search, ...(body as Partial<SavedSearch>) };
          list = list.map((item) => (item.id === search.id ? updated : item));
          return ok(updated);
        },
      ]),
    ),
    ...Object.fromEntries(
      searches.map((search) => [
        `DELETE /api/saved-searches/${search.id}`,
        () => {
          list = list.filter((item) => item.id !== search.id);
          return ok(null);
        },
      ]),
    ),
    ...extra,
  });
  return calls;
}

const item = (id: number) => screen.getByTestId(`saved-search-${id}`);
const sent = (calls: ReturnType<typeof answer>, route: string) =>
  calls.filter((call) => call.route === route).map((call) => call.body);

describe('the saved searches page', () => {
  it('lists each search with its criteria in words, what is new, and the count used and left', async () => {
    answer([offices, shops]);
    renderRoute('/saved-searches');
    await screen.findByTestId('saved-search-5');
    expect(document.title).toBe('Saved searches · Makan');
    expect(screen.getByTestId('saved-searches-count')).toHaveTextContent('2 of 20 used · 18 left');
    expect(within(item(5)).getByTestId('saved-search-5-name')).toHaveTextContent(
      'Offices for rent in Riyadh',
    );
    expect(within(item(5)).getByTestId('saved-search-5-new')).toHaveTextContent('3 new');
    await waitFor(() =>
      expect(within(item(5)).getByTestId('saved-search-5-criteria')).toHaveTextContent(
        /Office Space.*for rent.*Riyadh/,
      ),
    );
    const money = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: 'SAR',
      maximumFractionDigits: 0,
    });
    expect(within(item(6)).getByTestId('saved-search-6-criteria')).toHaveTextContent(
      'Office Space or Retail Space',
    );
    expect(within(item(6)).getByTestId('saved-search-6-criteria').textContent).toContain(
      `Price up to ${money.format(2_000_000)}`,
    );
    expect(within(item(6)).queryByTestId('saved-search-6-new')).not.toBeInTheDocument();
    expect(within(item(6)).getByTestId('saved-search-6-paused')).toHaveTextContent('Paused');
    expect(within(item(5)).getByTestId('saved-search-5-run')).toHaveAttribute(
      'href',
      '/saved-searches?run=5',
    );
    // Each row's actions say which search they act on.
    expect(within(item(6)).getByTestId('saved-search-6-delete')).toHaveAccessibleDescription(
      'Shops under 2M',
    );
    expect(within(item(6)).getByTestId('saved-search-6-frequency-daily')).toBeChecked();
  });

  it('says the count and what is new in Arabic', async () => {
    answer([offices, shops]);
    setItem('language', 'ar');
    renderRoute('/saved-searches', 'ar');
    await screen.findByTestId('saved-search-5');
    const n = (value: number) => new Intl.NumberFormat('ar').format(value);
    expect(screen.getByTestId('saved-searches-count')).toHaveTextContent(`استخدمت ${n(2)} من ${n(20)}`);
    expect(within(item(5)).getByTestId('saved-search-5-new')).toHaveTextContent(`${n(3)} جديدة`);
    await waitFor(() =>
      expect(within(item(5)).getByTestId('saved-search-5-criteria')).toHaveTextContent('الرياض'),
    );
  });

  it('pauses and resumes, and changes how often', async () => {
    const calls = answer([offices, shops]);
    renderRoute('/saved-searches');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('saved-search-5-pause'));
    await waitFor(() => expect(item(5)).toHaveAttribute('data-paused', 'true'));
    expect(screen.getByTestId('saved-search-5-pause')).toHaveTextContent('Resume');
    await user.click(screen.getByTestId('saved-search-6-pause'));
    await waitFor(() => expect(item(6)).toHaveAttribute('data-paused', 'false'));
    await user.click(screen.getByTestId('saved-search-5-frequency-daily'));
    await waitFor(() => expect(screen.getByTestId('saved-search-5-frequency-daily')).toBeChecked());
    expect(sent(calls, 'PATCH /api/saved-searches/5')).toEqual([{ paused: true }, { frequency: 'daily' }]);
    expect(sent(calls, 'PATCH /api/saved-searches/6')).toEqual([{ paused: false }]);
  });

  it('puts a change back when the server refuses it', async () => {
    answer([offices], {
      'PATCH /api/saved-searches/5': () =>
        fail(404, { message: 'Saved search not found', code: 'savedSearchNotFound' }),
    });
    renderRoute('/saved-searches');
    await userEvent.click(await screen.findByTestId('saved-search-5-pause'));
    await waitFor(() => expect(item(5)).toHaveAttribute('data-paused', 'false'));
  });

  it('renames inline, refusing a blank name, Escape keeping the old one', async () => {
    const calls = answer([offices]);
    renderRoute('/saved-searches');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('saved-search-5-rename'));
    const box = screen.getByTestId('saved-search-5-name-input');
    expect(box).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('saved-search-5-name')).toHaveTextContent('Offices for rent in Riyadh');

    await user.click(screen.getByTestId('saved-search-5-rename'));
    await user.clear(screen.getByTestId('saved-search-5-name-input'));
    await user.click(screen.getByTestId('saved-search-5-rename-save'));
    expect(screen.getByTestId('saved-search-5-name-input')).toHaveAccessibleDescription(
      'This field is required',
    );
    await user.type(screen.getByTestId('saved-search-5-name-input'), '  مكاتب العليا ');
    await user.click(screen.getByTestId('saved-search-5-rename-save'));
    await waitFor(() => expect(screen.getByTestId('saved-search-5-name')).toHaveTextContent('مكاتب العليا'));
    expect(screen.getByTestId('saved-search-5-name')).toHaveAttribute('dir', 'auto');
    expect(sent(calls, 'PATCH /api/saved-searches/5')).toEqual([{ name: 'مكاتب العليا' }]);
  });

  it('deletes after the confirm dialog, Cancel deleting nothing', async () => {
    const calls = answer([offices, shops]);
    renderRoute('/saved-searches');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('saved-search-6-delete'));
    const dialog = screen.getByTestId('saved-search-delete-dialog');
    expect(dialog).toHaveTextContent('“Shops under 2M” will no longer tell you of new listings.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(calls, 'DELETE /api/saved-searches/6')).toHaveLength(0);

    await user.click(screen.getByTestId('saved-search-6-delete'));
    await user.click(screen.getByTestId('saved-search-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('saved-search-6')).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE /api/saved-searches/6')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('saved-searches-count')).toHaveTextContent('1 of 20 used · 19 left'),
    );
  });

  it('says when there is none yet, and where to start', async () => {
    answer([]);
    renderRoute('/saved-searches');
    const empty = await screen.findByTestId('saved-searches-empty');
    expect(empty).toHaveTextContent('No saved searches yet');
    expect(within(empty).getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '/home');
  });

  it('is in the header beside the bell, and in the phone menu', async () => {
    answer([]);
    renderRoute('/saved-searches');
    await screen.findByTestId('saved-searches-empty');
    const link = screen.getByTestId('saved-searches-link');
    expect(link).toHaveAttribute('href', '/saved-searches');
    expect(link).toHaveAccessibleName('Saved searches');
    const menu = screen.getByTestId('mobile-menu');
    expect(within(menu).getByRole('link', { name: 'Saved searches', hidden: true })).toHaveAttribute(
      'href',
      '/saved-searches',
    );
  });
});

describe('running a saved search', () => {
  it('shows its listings, and its new count goes back to 0', async () => {
    const calls = answer([offices], {
      'GET /api/saved-searches/5/posts': (_body, _init, url) =>
        url.searchParams.has('cursor')
          ? ok({
              saved_search: { ...offices, new_count: 0 },
              posts: [postFixture({ id: 8 })],
              next_cursor: null,
            })
          : ok({
              saved_search: { ...offices, new_count: 0 },
              posts: [postFixture({ id: 7 })],
              next_cursor: 7,
            }),
    });
    const { router } = renderRoute('/saved-searches');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('saved-search-5-run'));
    expect(router.state.location.search).toBe('?run=5');
    await screen.findByTestId('post-7');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Offices for rent in Riyadh');
    await user.click(screen.getByTestId('posts-load-more'));
    await screen.findByTestId('post-8');
    await user.click(screen.getByTestId('saved-search-back'));
    await screen.findByTestId('saved-search-5');
    expect(screen.queryByTestId('saved-search-5-new')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.route === 'GET /api/saved-searches/5/posts')).toHaveLength(2);
  });

  it('says so when the search is not there (another user’s, or deleted)', async () => {
    answer([], {
      'GET /api/saved-searches/99/posts': () =>
        fail(404, { message: 'Saved search not found', code: 'savedSearchNotFound' }),
    });
    renderRoute('/saved-searches?run=99');
    expect(await screen.findByTestId('saved-search-missing')).toHaveTextContent('Saved search not found');
  });

  it('says when nothing matches yet', async () => {
    answer([offices], {
      'GET /api/saved-searches/5/posts': () => ok({ saved_search: offices, posts: [], next_cursor: null }),
    });
    renderRoute('/saved-searches?run=5');
    expect(await screen.findByTestId('posts-empty')).toHaveTextContent('No listings match this search yet');
  });
});
