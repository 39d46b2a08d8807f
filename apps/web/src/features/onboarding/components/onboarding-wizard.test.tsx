import { LIMITS } from '@makan/contract/limits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getItem, setItem } from '../../../lib/storage.ts';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { dubai, jeddah, questionsFixture, riyadh } from '../../../test/profile-fixtures.ts';
import { mockFetch, onboardedUser, renderRoute, signIn } from '../../../test/render.tsx';

const fetchMock = mockFetch();

type Progress = { purpose: string | null; property_types: string[]; preferred_locations: number[] };
const noProgress: Progress = { purpose: null, property_types: [], preferred_locations: [] };

function status(step: number, progress: Progress = noProgress, preferences: Progress | null = null) {
  return { completed: preferences !== null, step, preferences, progress };
}

const cities = [riyadh, jeddah, dubai];

function answer(current = status(1), extra: Parameters<typeof routeFetch>[1] = {}) {
  return routeFetch(fetchMock, {
    'GET /api/onboarding/questions': () => ok(questionsFixture),
    'GET /api/onboarding/status': () => ok(current),
    'POST /api/onboarding/progress': (body) => {
      const { step, ...answers } = body as { step: number } & Partial<Progress>;
      return ok(status(step, { ...noProgress, ...answers }));
    },
    'GET /api/cities': (_body, _init, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return ok(cities.filter((city) => city.name_en.toLowerCase().startsWith(q)));
    },
    'GET /api/cities/1': () => ok(riyadh),
    'GET /api/cities/2': () => ok(jeddah),
    ...extra,
  });
}

function open(language: 'en' | 'ar' = 'en') {
  signIn({ ...onboardedUser, preferences: null });
  // The app reads the language it was loaded in from storage (changing it reloads the page).
  setItem('language', language);
  return renderRoute('/commercial', language);
}

const progressBodies = (calls: ReturnType<typeof answer>) =>
  calls.filter((call) => call.route === 'POST /api/onboarding/progress').map((call) => call.body);

describe('onboarding steps', () => {
  it('proceeds from each step once its part is set, saving the answers as the user goes', async () => {
    const calls = answer();
    open();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'What would you like to do?' })).toBeInTheDocument();
    expect(screen.getByTestId('onboarding-step')).toHaveTextContent('Step 1 of 3');
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /Rent property/ }));
    expect(next).toBeEnabled();
    await user.click(next);
    expect(await screen.findByRole('heading', { name: /property types interest you/ })).toBeInTheDocument();
    expect(screen.getByTestId('onboarding-step')).toHaveTextContent('Step 2 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    // The spec's labels, every one of them.
    for (const label of [
      'Office Space',
      'Retail Space',
      'Medical Facility',
      'Coworking Space',
      'Hotel',
      'Other',
    ]) {
      expect(screen.getByRole('checkbox', { name: label })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('checkbox', { name: 'Office Space' }));
    await user.click(screen.getByRole('checkbox', { name: 'Warehouse' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Where are you looking?' })).toHaveFocus();
    const finish = screen.getByRole('button', { name: 'Finish' });
    expect(finish).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: /Riyadh/ }));
    expect(finish).toBeEnabled();
    expect(within(screen.getByTestId('onboarding-selected-cities')).getByText('Riyadh')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Riyadh' }));
    expect(finish).toBeDisabled();

    await waitFor(() =>
      expect(progressBodies(calls)).toEqual([
        { step: 1, purpose: 'rent', property_types: [], preferred_locations: [] },
        { step: 2, purpose: 'rent', property_types: [], preferred_locations: [] },
        { step: 2, purpose: 'rent', property_types: ['office'], preferred_locations: [] },
        { step: 2, purpose: 'rent', property_types: ['office', 'warehouse'], preferred_locations: [] },
        { step: 3, purpose: 'rent', property_types: ['office', 'warehouse'], preferred_locations: [] },
        { step: 3, purpose: 'rent', property_types: ['office', 'warehouse'], preferred_locations: [1] },
        { step: 3, purpose: 'rent', property_types: ['office', 'warehouse'], preferred_locations: [] },
      ]),
    );
  });

  it('resumes at the saved step with the saved answers after a reload', async () => {
    answer(status(3, { purpose: 'buy', property_types: ['office', 'retail'], preferred_locations: [1, 2] }));
    open();
    expect(await screen.findByRole('heading', { name: 'Where are you looking?' })).toBeInTheDocument();
    const chosen = screen.getByTestId('onboarding-selected-cities');
    expect(await within(chosen).findByText('Riyadh')).toBeInTheDocument();
    expect(await within(chosen).findByText('Jeddah')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('checkbox', { name: 'Office Space' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Retail Space' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Land' })).not.toBeChecked();
  });

  it('does not resume past a step whose part is missing', async () => {
    answer(status(3, { purpose: 'buy', property_types: [], preferred_locations: [1] }));
    open();
    expect(await screen.findByRole('heading', { name: /property types interest you/ })).toBeInTheDocument();
  });

  it('shows the options in Arabic on an Arabic page', async () => {
    answer(status(2, { ...noProgress, purpose: 'list' }));
    open('ar');
    expect(
      await screen.findByRole('heading', { name: 'ما أنواع العقارات التجارية التي تهمك؟' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'مساحة مكتبية' })).toBeInTheDocument();
    expect(screen.getByTestId('onboarding-step')).toHaveTextContent('الخطوة');
  });

  it('says so and offers Retry when the questions do not load', async () => {
    answer(status(1), { 'GET /api/onboarding/questions': () => fail(500, { message: 'boom' }) });
    open();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    answer(status(1));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'What would you like to do?' })).toBeInTheDocument();
  });
});

describe('finishing onboarding', () => {
  const saved = { purpose: 'buy', property_types: ['office', 'retail'], preferred_locations: [1] };

  const savedSearch = (criteria: unknown) => ({
    id: 1,
    name: 'Office Space or Retail Space · For sale · Riyadh',
    criteria,
    frequency: 'instant',
    paused: false,
    new_count: 0,
    last_opened_at: null,
    created_at: '2026-11-26T10:00:00.000Z',
  });

  it('saves complete preferences, updates the stored user and /api/user, and goes home', async () => {
    const calls = answer(status(3, saved), {
      'POST /api/onboarding/preferences': (body) =>
        ok(fullUserFixture({ preferences: body as typeof saved }), 'Preferences saved'),
      'POST /api/saved-searches': (body) =>
        ok(savedSearch((body as { criteria: unknown }).criteria), undefined, 201),
    });
    const { router, queryClient } = open();
    await screen.findByRole('heading', { name: 'Where are you looking?' });
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.find((call) => call.route === 'POST /api/onboarding/preferences')?.body).toEqual(saved);
    expect(getItem('user_data')?.preferences).toEqual(saved);
    expect(queryClient.getQueryData(['user', 'me'])).toMatchObject({ preferences: saved });
    expect(screen.getByTestId('toast')).toHaveTextContent('Preferences saved');
  });

  it('offers to save the answers as the first saved search, checked, and saves it after the preferences', async () => {
    const calls = answer(status(3, saved), {
      'POST /api/onboarding/preferences': (body) =>
        ok(fullUserFixture({ preferences: body as typeof saved }), 'Preferences saved'),
      'POST /api/saved-searches': (body) =>
        ok(savedSearch((body as { criteria: unknown }).criteria), undefined, 201),
    });
    const { router } = open();
    await screen.findByRole('heading', { name: 'Where are you looking?' });
    const offer = screen.getByRole('checkbox', { name: 'Tell me when new listings match these choices' });
    expect(offer).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const routes = calls.map((call) => call.route);
    expect(routes.indexOf('POST /api/saved-searches')).toBeGreaterThan(
      routes.indexOf('POST /api/onboarding/preferences'),
    );
    // No name: the server names it from the criteria in the user's language.
    expect(calls.find((call) => call.route === 'POST /api/saved-searches')?.body).toEqual({
      criteria: {
        keyword: null,
        property_types: ['office', 'retail'],
        city_ids: [1],
        purpose: 'sale',
        currency: null,
        price_min: null,
        price_max: null,
        area_min: null,
        area_max: null,
      },
    });
  });

  it('saves no search when the offer is unchecked, and goes on when saving it fails', async () => {
    const calls = answer(status(3, saved), {
      'POST /api/onboarding/preferences': (body) =>
        ok(fullUserFixture({ preferences: body as typeof saved }), 'Preferences saved'),
    });
    const { router } = open();
    await screen.findByRole('heading', { name: 'Where are you looking?' });
    await userEvent.click(screen.getByTestId('onboarding-save-search'));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.some((call) => call.route === 'POST /api/saved-searches')).toBe(false);
  });

  it('sends a server field error back to its step, in the page language', async () => {
    answer(status(3, saved), {
      'POST /api/onboarding/preferences': () =>
        fail(422, {
          message: 'Some of your input seems incorrect.',
          errors: { property_types: ['Please select at least one property type'] },
        }),
    });
    const { router } = open();
    await screen.findByRole('heading', { name: 'Where are you looking?' });
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByTestId('onboarding-error')).toHaveTextContent(
      'Please select at least one property type',
    );
    expect(screen.getByRole('heading', { name: /property types interest you/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/commercial');
  });

  it("says 'Failed to submit preferences' when saving fails otherwise", async () => {
    answer(status(3, saved), { 'POST /api/onboarding/preferences': () => fail(500, { message: 'boom' }) });
    open();
    await screen.findByRole('heading', { name: 'Where are you looking?' });
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByTestId('onboarding-error')).toHaveTextContent('Failed to submit preferences');
  });

  it('edits saved preferences from step 1 with PUT /api/user/preferences, then returns to the profile', async () => {
    const calls = answer(status(3, saved, saved), {
      'PUT /api/user/preferences': (body) =>
        ok(fullUserFixture({ preferences: body as typeof saved }), 'Preferences saved'),
    });
    signIn();
    const { router } = renderRoute('/commercial');
    expect(await screen.findByRole('heading', { name: 'Edit your preferences' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Buy property/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /List property/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const finish = await screen.findByRole('button', { name: 'Finish' });
    // Editing one's preferences offers no saved search: that is the first onboarding's offer.
    expect(screen.queryByTestId('onboarding-save-search')).not.toBeInTheDocument();
    await userEvent.click(finish);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls.find((call) => call.route === 'PUT /api/user/preferences')?.body).toEqual({
      ...saved,
      purpose: 'list',
    });
    // Editing keeps no draft: nothing is saved as progress.
    expect(progressBodies(calls)).toEqual([]);
  });
});

describe('city search', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("labels the suggestions 'Popular cities', never 'N cities found' (issue 19)", async () => {
    answer(status(3, { purpose: 'rent', property_types: ['office'], preferred_locations: [] }));
    open();
    await screen.findByRole('button', { name: /Dubai/ });
    expect(screen.getByText('Popular cities')).toBeInTheDocument();
    expect(screen.queryByText(/cities? found/)).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search cities' }), 'Jed');
    expect(await screen.findByText('1 city found')).toBeInTheDocument();
    expect(screen.getByText('Matching cities')).toBeInTheDocument();
  });

  it('waits 300 ms after the last key before searching', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer(status(3, { purpose: 'rent', property_types: ['office'], preferred_locations: [] }));
    open();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const box = await screen.findByRole('searchbox', { name: 'Search cities' });
    await screen.findByRole('button', { name: /Dubai/ });
    // An empty box suggests the main cities, as many as any city search asks for.
    const suggestions = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/cities');
    expect(suggestions.map((url) => url.searchParams.get('limit'))).toEqual([
      String(LIMITS.citySearchResults),
    ]);
    const searches = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/cities' && url.searchParams.has('q'))
        .map((url) => url.searchParams.get('q'));

    await user.type(box, 'Jed');
    vi.advanceTimersByTime(250);
    expect(searches()).toEqual([]);
    vi.advanceTimersByTime(60);
    await waitFor(() => expect(searches()).toEqual(['Jed']));
    expect(await screen.findByRole('heading', { name: 'Where are you looking?' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Dubai/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Jeddah/ })).toHaveAttribute('aria-pressed', 'false');
  });
});
