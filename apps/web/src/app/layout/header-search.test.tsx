import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoute, signIn } from '../../test/render.tsx';

const fetchMock = mockFetch();

describe('search in the header (issue 19)', () => {
  it('is not there for a visitor', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { status: true, data: [] }));
    renderRoute('/companies');
    await screen.findByRole('heading', { level: 1, name: 'Companies' });
    expect(screen.queryByTestId('header-search')).toBeNull();
    expect(screen.queryByTestId('header-search-link')).toBeNull();
  });

  it('signed in: a link to /search for narrow screens, and a box that lists the recent searches', async () => {
    signIn();
    localStorage.setItem('recent_searches', JSON.stringify(['Olaya office', 'warehouse']));
    fetchMock.mockImplementation(async () => jsonResponse(200, { status: true, data: [] }));
    const { router } = renderRoute('/about');
    expect(await screen.findByTestId('header-search-link')).toHaveAttribute('href', '/search');

    const box = await screen.findByRole('searchbox', { name: 'Search posts' });
    await userEvent.click(box);
    const recent = await screen.findByTestId('header-recent-searches');
    expect(within(recent).getByText('Recent searches')).toBeInTheDocument();
    const items = within(recent).getAllByTestId('header-recent-search');
    expect(items.map((item) => item.textContent)).toEqual(['Olaya office', 'warehouse']);

    // Picking one searches it (and moves it to the front of the list).
    await userEvent.click(items[1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=warehouse');
    expect(JSON.parse(localStorage.getItem('recent_searches') ?? '[]')).toEqual([
      'warehouse',
      'Olaya office',
    ]);
  });

  it('typing and Enter searches the trimmed keyword and remembers it', async () => {
    signIn();
    fetchMock.mockImplementation(async () => jsonResponse(200, { status: true, data: [] }));
    const { router } = renderRoute('/about');
    const box = await screen.findByRole('searchbox', { name: 'Search posts' });
    await userEvent.type(box, '  corner shop {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=corner+shop'));
    expect(router.state.location.pathname).toBe('/search');
    expect(JSON.parse(localStorage.getItem('recent_searches') ?? '[]')).toEqual(['corner shop']);
    expect(box).toHaveValue('');
  });

  it('in Arabic', async () => {
    signIn();
    fetchMock.mockImplementation(async () => jsonResponse(200, { status: true, data: [] }));
    renderRoute('/about', 'ar');
    expect(await screen.findByRole('link', { name: 'البحث في المنشورات' })).toHaveAttribute(
      'href',
      '/search',
    );
  });
});
