import { NO_CRITERIA, SAVED_SEARCHES_MAX } from '@makan/contract/saved-search-words';
import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setItem } from '../../../lib/storage.ts';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { jeddah, riyadh } from '../../../test/profile-fixtures.ts';
import { mockFetch, renderRoute, renderWithProviders, signIn } from '../../../test/render.tsx';
import { savedSearchFixture } from '../../../test/saved-search-fixtures.ts';
import { SaveSearchDialog } from './save-search-dialog.tsx';

/** Saving a search (issue 23): from the feed's filters and the search page, in both languages. */

const fetchMock = mockFetch();

const limitError = () =>
  fail(422, {
    message: `You can save up to ${SAVED_SEARCHES_MAX} searches. Delete one to save another.`,
    code: 'savedSearchLimit',
    params: { max: SAVED_SEARCHES_MAX },
  });

function answer(extra: Parameters<typeof routeFetch>[1] = {}) {
  signIn();
  return routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture()),
    'GET /api/posts': () => ok({ posts: [postFixture()], next_cursor: null }),
    'GET /api/posts/search': () => ok({ posts: [postFixture()], next_cursor: null }),
    'GET /api/cities': () => ok([riyadh, jeddah]),
    'GET /api/cities/1': () => ok(riyadh),
    'GET /api/cities/2': () => ok(jeddah),
    'GET /api/saved-searches': () => ok({ saved_searches: [], max: SAVED_SEARCHES_MAX }),
    ...extra,
  });
}

function showDialog(criteria = NO_CRITERIA, language: 'en' | 'ar' = 'en') {
  setItem('language', language);
  renderWithProviders(
    <MemoryRouter>
      <SaveSearchDialog open onClose={() => {}} criteria={criteria} />
    </MemoryRouter>,
    language,
  );
  return screen.getByTestId('save-search-dialog');
}

describe('saving the feed filters', () => {
  it('offers to save once a filter is set, names it from the filters, and saves it instantly by default', async () => {
    const calls = answer({
      'POST /api/saved-searches': (body) =>
        ok(savedSearchFixture({ id: 9, name: (body as { name: string }).name }), undefined, 201),
    });
    renderRoute('/home');
    await screen.findByTestId('post-7');
    expect(screen.queryByTestId('save-search')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('filter-type'), 'office');
    await user.selectOptions(screen.getByTestId('filter-purpose'), 'rent');
    await user.type(screen.getByTestId('filter-city'), 'Jed');
    await user.click(within(await screen.findByTestId('filter-cities')).getByText('Jeddah'));
    await user.click(await screen.findByTestId('save-search'));

    const dialog = await screen.findByTestId('save-search-dialog');
    expect(dialog).toHaveAccessibleName('Save this search');
    await waitFor(() =>
      expect(within(dialog).getByTestId('save-search-name')).toHaveValue('Office Space · for rent · Jeddah'),
    );
    expect(within(dialog).getByTestId('save-search-frequency-instant')).toBeChecked();
    await user.click(within(dialog).getByTestId('save-search-frequency-daily'));
    await user.click(within(dialog).getByTestId('save-search-submit'));

    await screen.findByTestId('save-search-done');
    expect(screen.getByTestId('save-search-dialog')).toHaveTextContent(
      'We will tell you when new listings match “Office Space · for rent · Jeddah”.',
    );
    expect(screen.getByTestId('save-search-see-list')).toHaveAttribute('href', '/saved-searches');
    const sent = calls.find((call) => call.route === 'POST /api/saved-searches')?.body;
    expect(sent).toEqual({
      name: 'Office Space · for rent · Jeddah',
      frequency: 'daily',
      criteria: { ...NO_CRITERIA, property_types: ['office'], purpose: 'rent', city_ids: [2] },
    });
  });
});

describe('saving a keyword from the search page', () => {
  it('names it from the keyword, and takes the name the user types instead', async () => {
    const calls = answer({
      'POST /api/saved-searches': (body) =>
        ok(savedSearchFixture({ name: (body as { name: string }).name }), undefined, 201),
    });
    renderRoute('/search?q=Olaya%20office');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('save-search'));
    const name = await screen.findByTestId('save-search-name');
    expect(name).toHaveValue('“Olaya office”');
    await user.clear(name);
    await user.type(name, 'Olaya offices');
    await user.click(screen.getByTestId('save-search-submit'));
    await screen.findByTestId('save-search-done');
    expect(calls.find((call) => call.route === 'POST /api/saved-searches')?.body).toMatchObject({
      name: 'Olaya offices',
      criteria: { keyword: 'Olaya office', property_types: [], city_ids: [] },
      frequency: 'instant',
    });
  });
});

describe('the save dialog', () => {
  it('says the limit in the spec words, and keeps the dialog open', async () => {
    answer({ 'POST /api/saved-searches': limitError });
    const dialog = showDialog({ ...NO_CRITERIA, purpose: 'sale' });
    expect(within(dialog).getByTestId('save-search-name')).toHaveValue('for sale');
    await userEvent.click(within(dialog).getByTestId('save-search-submit'));
    expect(await within(dialog).findByTestId('save-search-error')).toHaveTextContent(
      'You can save up to 20 searches. Delete one to save another.',
    );
    expect(within(dialog).queryByTestId('save-search-done')).not.toBeInTheDocument();
  });

  it('says the limit in Arabic', async () => {
    answer({ 'POST /api/saved-searches': limitError });
    const dialog = showDialog({ ...NO_CRITERIA, purpose: 'sale' }, 'ar');
    expect(within(dialog).getByTestId('save-search-name')).toHaveValue('للبيع');
    await userEvent.click(within(dialog).getByTestId('save-search-submit'));
    const error = await within(dialog).findByTestId('save-search-error');
    expect(error.textContent).toContain(new Intl.NumberFormat('ar').format(20));
    expect(error.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('refuses a blank name and a search for everything before asking the server', async () => {
    const calls = answer();
    const dialog = showDialog(NO_CRITERIA);
    const user = userEvent.setup();
    // Nothing to name it from: the fallback name.
    const name = within(dialog).getByTestId('save-search-name');
    expect(name).toHaveValue('My search');
    await user.click(within(dialog).getByTestId('save-search-submit'));
    expect(within(dialog).getByTestId('save-search-error')).toHaveTextContent(TEXT.savedSearchEmpty);
    await user.clear(name);
    await user.click(within(dialog).getByTestId('save-search-submit'));
    expect(name).toHaveAccessibleDescription(TEXT.required);
    expect(calls.some((call) => call.route === 'POST /api/saved-searches')).toBe(false);
  });

  it("shows the server's field errors under the fields", async () => {
    answer({
      'POST /api/saved-searches': () =>
        fail(422, { message: 'Invalid', errors: { name: ['Must be at most 80 characters'] } }),
    });
    const dialog = showDialog({ ...NO_CRITERIA, keyword: 'office' });
    await userEvent.click(within(dialog).getByTestId('save-search-submit'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('save-search-name')).toHaveAccessibleDescription(
        'Must be at most 80 characters',
      ),
    );
  });

  it('names price and area ranges by Intl, the price in its currency', async () => {
    answer();
    const criteria = { ...NO_CRITERIA, currency: 'SAR' as const, price_max: 2_000_000, area_min: 150 };
    const money = (language: string) =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency: 'SAR',
        maximumFractionDigits: 0,
      }).format(2_000_000);
    const dialog = showDialog(criteria);
    expect(within(dialog).getByTestId('save-search-name')).toHaveValue(
      `Price up to ${money('en')} · Area from 150 m²`,
    );
    const chips = within(dialog).getByTestId('save-search-criteria');
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.dataset.criterion),
    ).toEqual(['price', 'area']);
  });

  it('names them in Arabic with Arabic digits', async () => {
    answer();
    const criteria = { ...NO_CRITERIA, currency: 'SAR' as const, price_max: 2_000_000, area_min: 150 };
    const money = new Intl.NumberFormat('ar', {
      style: 'currency',
      currency: 'SAR',
      maximumFractionDigits: 0,
    });
    const dialog = showDialog(criteria, 'ar');
    expect(within(dialog).getByTestId('save-search-name')).toHaveValue(
      `السعر حتى ${money.format(2_000_000)} · المساحة من ${new Intl.NumberFormat('ar').format(150)} م²`,
    );
  });
});
