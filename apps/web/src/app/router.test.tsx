import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROTECTED_ROUTES, PUBLIC_ONLY_ROUTES, PUBLIC_ROUTES } from '@makan/contract/routes';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onboardedUser, renderRoute, signIn } from '../test/render.tsx';
import { ROUTE_PAGES } from './route-pages.ts';

/** A concrete path for a route pattern ('/post/:id' → '/post/42'). */
const concrete = (pattern: string) => pattern.replace(/:\w+/g, '42');

async function landsOn(path: string, expected: string, expectedSearch = '') {
  const { router } = renderRoute(path);
  await waitFor(() => {
    expect(router.state.location.pathname).toBe(expected);
    expect(router.state.location.search).toBe(expectedSearch);
  });
  return router;
}

const notOnboarded = { ...onboardedUser, preferences: null };

describe('/ (spec §2)', () => {
  it('goes to /signup when signed out', async () => {
    await landsOn('/', '/signup');
  });

  it('goes to /home when signed in with saved preferences', async () => {
    signIn();
    await landsOn('/', '/home');
  });

  it('goes to /commercial when signed in without preferences', async () => {
    signIn(notOnboarded);
    await landsOn('/', '/commercial');
  });

  it('goes to /commercial when signed in and no user is stored yet', async () => {
    signIn(null);
    await landsOn('/', '/commercial');
  });
});

describe('protected routes', () => {
  it.each(PROTECTED_ROUTES.map(concrete))('%s sends a visitor to signup with the redirect', async (path) => {
    await landsOn(path, '/signup', `?redirect=${encodeURIComponent(path)}`);
  });

  it('keeps the query string in the redirect', async () => {
    await landsOn('/post/7?tab=comments', '/signup', '?redirect=%2Fpost%2F7%3Ftab%3Dcomments');
  });

  it.each(PROTECTED_ROUTES.map(concrete))('%s opens for a signed-in user', async (path) => {
    signIn();
    await landsOn(path, path);
  });
});

describe('signup, login, reset and verification pages', () => {
  it.each([...PUBLIC_ONLY_ROUTES])('%s opens for a visitor', async (path) => {
    await landsOn(path, path);
  });

  it.each([...PUBLIC_ONLY_ROUTES])('%s sends an onboarded user to /home', async (path) => {
    signIn();
    await landsOn(path, '/home');
  });

  it.each([...PUBLIC_ONLY_ROUTES])('%s sends a user without preferences to /commercial', async (path) => {
    signIn(notOnboarded);
    await landsOn(path, '/commercial');
  });
});

describe('public routes', () => {
  it.each([...PUBLIC_ROUTES])('%s opens signed out and signed in', async (path) => {
    await landsOn(path, path);
  });

  it.each([...PUBLIC_ROUTES])('%s opens for a signed-in user', async (path) => {
    signIn();
    await landsOn(path, path);
  });
});

describe('other routes', () => {
  it('/messages redirects to /chat', async () => {
    signIn();
    await landsOn('/messages', '/chat');
  });

  it('/messages, signed out, ends at signup remembering /chat', async () => {
    await landsOn('/messages', '/signup', '?redirect=%2Fchat');
  });

  it('an unknown path shows the 404 page', async () => {
    await landsOn('/no/such/page', '/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByTestId('not-found-page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('the bookmarks page shows its title', async () => {
    signIn();
    renderRoute('/bookmarks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookmarks' })).toBeInTheDocument();
    expect(document.title).toBe('Bookmarks · Makan');
  });

  it('the contact page and the information pages render', async () => {
    renderRoute('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
  });
});

describe('app frame', () => {
  it('scrolls smoothly to the top after a navigation', async () => {
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    const { router } = renderRoute('/companies');
    await screen.findByRole('heading', { level: 1, name: 'Companies' });
    await act(() => router.navigate('/faq'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' }));
  });

  it('shows Companies, Log in and Sign up to a visitor', async () => {
    renderRoute('/companies');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Companies', 'Log in', 'Sign up']);
  });

  it('shows Home, Companies, Chat, Bookmarks and Profile when signed in', async () => {
    signIn();
    renderRoute('/home');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Home', 'Companies', 'Chat', 'Bookmarks', 'Profile']);
  });

  it('has the footer links, support line and version', async () => {
    renderRoute('/companies');
    const footer = await screen.findByRole('navigation', { name: 'Footer navigation' });
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/about', '/contact', '/privacy-policy', '/terms-of-service', '/faq']);
    expect(screen.getByText('Support available 24/7')).toBeInTheDocument();
    expect(screen.getByText('Version 1.0.0')).toBeInTheDocument();
  });

  it('renders in Arabic', async () => {
    renderRoute('/companies', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'الشركات' })).toBeInTheDocument();
    expect(screen.getByText('الإصدار 1.0.0')).toBeInTheDocument();
  });
});

describe('route pages (the modules whose chunks the server preloads)', () => {
  it('names exactly the modules the router lazy-loads', () => {
    const appDir = path.dirname(fileURLToPath(import.meta.url));
    const webDir = path.resolve(appDir, '../..');
    const source = readFileSync(path.join(appDir, 'router.tsx'), 'utf8');
    const imported = new Set(
      Array.from(source.matchAll(/import\('([^']+)'\)/g), (m) =>
        path.relative(webDir, path.resolve(appDir, m[1] ?? '')),
      ),
    );
    expect(new Set(Object.values(ROUTE_PAGES))).toEqual(imported);
  });
});
