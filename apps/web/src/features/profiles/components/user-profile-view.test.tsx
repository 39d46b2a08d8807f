import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { deferred, publicProfileFixture } from '../../../test/profile-fixtures.ts';
import { mockFetch, onboardedUser, renderRoute, signIn } from '../../../test/render.tsx';
import { parseUserId } from './user-profile-view.tsx';

const fetchMock = mockFetch();

const noor = publicProfileFixture();

function answer(extra: Parameters<typeof routeFetch>[1] = {}, profile = noor) {
  return routeFetch(fetchMock, {
    'GET /api/profiles/12/full': () => ok({ user: profile, posts: [] }),
    ...extra,
  });
}

async function open(path = '/user/12') {
  signIn();
  const rendered = renderRoute(path);
  await screen.findByTestId('user-profile');
  return rendered;
}

const followers = () => screen.getByTestId('profile-followers-count');
const followButton = () => screen.getByRole('button', { name: /Follow/ });

describe("another user's profile", () => {
  it('shows their profile with Follow, Message and their contact details', async () => {
    answer();
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Al Noor Developments' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-picture')).toHaveTextContent('AN');
    expect(screen.getByRole('img', { name: 'Verified account' })).toBeInTheDocument();
    expect(followButton()).toHaveAttribute('aria-pressed', 'false');
    expect(followButton()).toHaveAccessibleName('Follow Al Noor Developments');
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/chat/new?user=12');
    expect(screen.getByTestId('profile-contact-email')).toHaveAttribute('href', 'mailto:noor@makan.example');
    expect(screen.getByTestId('profile-contact-phone')).toHaveTextContent('+971501000004');
    expect(screen.getByTestId('profile-posts-empty')).toHaveTextContent('No posts yet');
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
  });

  it('says the contact details are hidden when the server sends none', async () => {
    answer({}, publicProfileFixture({ contact_info: { email: null, phone: null } }));
    await open();
    expect(screen.getByTestId('profile-contact-hidden')).toHaveTextContent('Contact details are hidden');
    expect(screen.queryByText('noor@makan.example')).not.toBeInTheDocument();
  });

  it('follows at once, then takes the counts the server answers', async () => {
    const answerLater = deferred<Response>();
    const calls = answer({ 'POST /api/profiles/12/follow': () => answerLater.promise });
    await open();
    await userEvent.click(followButton());
    expect(followers()).toHaveTextContent('4');
    expect(screen.getByRole('button', { name: /Following/ })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.some((call) => call.route === 'POST /api/profiles/12/follow')).toBe(true);
    await act(async () =>
      answerLater.resolve(
        ok(
          { followers_count: 9, following_count: 1, is_following: true, is_followed_by: false },
          'You are now following this account',
        ),
      ),
    );
    await waitFor(() => expect(followers()).toHaveTextContent('9'));
  });

  it('unfollows with DELETE', async () => {
    const calls = answer(
      {
        'DELETE /api/profiles/12/follow': () =>
          ok({ followers_count: 3, following_count: 1, is_following: false, is_followed_by: false }),
      },
      publicProfileFixture({
        follow_info: { followers_count: 4, following_count: 1, is_following: true, is_followed_by: true },
      }),
    );
    await open();
    expect(screen.getByTestId('profile-follows-you')).toHaveTextContent('Follows you');
    await userEvent.click(screen.getByRole('button', { name: /Following/ }));
    expect(followers()).toHaveTextContent('3');
    await waitFor(() =>
      expect(calls.some((call) => call.route === 'DELETE /api/profiles/12/follow')).toBe(true),
    );
    expect(followButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('rolls the follow back when it fails, with the reason', async () => {
    answer({
      'POST /api/profiles/12/follow': () =>
        fail(422, {
          message: 'You cannot follow yourself',
          code: 'cannotFollowSelf',
          errors: { id: ['You cannot follow yourself'] },
          codes: { id: [{ code: 'cannotFollowSelf' }] },
        }),
    });
    await open();
    await userEvent.click(followButton());
    await waitFor(() => expect(followers()).toHaveTextContent('3'));
    expect(followButton()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('toast')).toHaveTextContent('You cannot follow yourself');
  });

  it("says 'Failed to follow this account' when the server gives no reason", async () => {
    answer({ 'POST /api/profiles/12/follow': () => fail(500, { message: 'boom' }) });
    await open();
    await userEvent.click(followButton());
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Failed to follow this account'),
    );
    expect(followers()).toHaveTextContent('3');
  });
});

describe('when the profile does not load', () => {
  it('says an unknown id is not found', async () => {
    answer({ 'GET /api/profiles/404/full': () => fail(404, { message: 'Not found' }) });
    signIn();
    renderRoute('/user/404');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse companies' })).toHaveAttribute('href', '/companies');
  });

  it("offers Retry after a failure: 'Failed to Load Profile'", async () => {
    answer({ 'GET /api/profiles/12/full': () => fail(500, { message: 'boom' }) });
    signIn();
    renderRoute('/user/12');
    expect(await screen.findByRole('heading', { name: 'Failed to Load Profile' })).toBeInTheDocument();
    answer();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Al Noor Developments' }),
    ).toBeInTheDocument();
  });

  it('shows your own profile for your own id', async () => {
    answer();
    signIn({ ...onboardedUser, id: 12 });
    const { router } = renderRoute('/user/12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('reads only whole positive ids from the address', () => {
    expect(parseUserId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-3', '1.5', 'abc', '12abc', '99999999999999999999']) {
      expect(parseUserId(bad)).toBeNull();
    }
  });
});
