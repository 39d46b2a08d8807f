import type { FullUser } from '@makan/contract/auth';
import { HTTP_TEXT } from '@makan/contract/texts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getItem } from '../../../lib/storage.ts';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { deferred, riyadh } from '../../../test/profile-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

const fetchMock = mockFetch();

const sara = fullUserFixture({
  profile: {
    picture: null,
    cover_photo: null,
    bio: 'Coffee shop owner.',
    link: 'https://sara.example',
    views: 1520,
    hide_contact: false,
  },
  follow_info: { followers_count: 1200, following_count: 3, is_following: false, is_followed_by: false },
  preferences: { purpose: 'rent', property_types: ['retail'], preferred_locations: [1] },
});

function withProfile(user: FullUser, patch: Partial<FullUser['profile']>): FullUser {
  return { ...user, profile: { ...user.profile, ...patch } };
}

function answer(extra: Parameters<typeof routeFetch>[1] = {}, user: FullUser = sara) {
  return routeFetch(fetchMock, {
    'GET /api/profile/full': () => ok({ user, posts: [] }),
    'GET /api/cities/1': () => ok(riyadh),
    ...extra,
  });
}

async function open() {
  signIn();
  const rendered = renderRoute('/profile');
  await screen.findByTestId('own-profile');
  return rendered;
}

const bio = () => screen.getByTestId('profile-bio');

describe('own profile', () => {
  it('shows the picture or initials, name, badge, bio, link, counts and preferences', async () => {
    answer();
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Sara Al Amri' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-picture')).toHaveTextContent('SA');
    expect(screen.getByRole('img', { name: 'Verified account' })).toBeInTheDocument();
    expect(bio()).toHaveTextContent('Coffee shop owner.');
    expect(bio()).toHaveAttribute('dir', 'auto');
    expect(screen.getByTestId('profile-link')).toHaveAttribute('href', 'https://sara.example');
    expect(screen.getByTestId('profile-followers-count')).toHaveTextContent('1,200');
    expect(screen.getByTestId('profile-views-count')).toHaveTextContent('1,520');
    expect(screen.getByTestId('profile-posts-empty')).toHaveTextContent('No posts yet');
    const preferences = screen.getByTestId('preferences-summary');
    expect(within(preferences).getByText('Rent property')).toBeInTheDocument();
    expect(within(preferences).getByText('Retail Space')).toBeInTheDocument();
    expect(await within(preferences).findByText('Riyadh')).toBeInTheDocument();
    expect(within(preferences).getByRole('link', { name: 'Edit preferences' })).toHaveAttribute(
      'href',
      '/commercial',
    );
  });

  it('has no badge when the account is not verified', async () => {
    answer({}, { ...sara, verified: false });
    await open();
    expect(screen.queryByRole('img', { name: 'Verified account' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to Load Profile' with Retry and Go Home, never made-up data", async () => {
    answer({ 'GET /api/profile/full': () => fail(500, { message: 'boom' }) });
    signIn();
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { name: 'Failed to Load Profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Sara Al Amri')).not.toBeInTheDocument();
    answer();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sara Al Amri' })).toBeInTheDocument();
  });
});

describe('edit mode', () => {
  it('starts and cancels; cancelling clears the pending name and bio', async () => {
    const calls = answer();
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'Sara Pending');
    await user.type(screen.getByRole('textbox', { name: 'Bio' }), ' More text');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('profile-editor')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
    expect(bio()).toHaveTextContent('Coffee shop owner.');

    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Sara Al Amri');
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveValue('Coffee shop owner.');
    expect(calls.some((call) => call.route === 'POST /api/profile')).toBe(false);
  });

  it('shows the edit at once, then the server answer replaces it', async () => {
    const answerLater = deferred<Response>();
    const calls = answer({ 'POST /api/profile': () => answerLater.promise });
    const { queryClient } = await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const field = screen.getByRole('textbox', { name: 'Bio' });
    await user.clear(field);
    await user.type(field, 'Opening a second branch');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(bio()).toHaveTextContent('Opening a second branch');
    expect(calls.find((call) => call.route === 'POST /api/profile')?.body).toEqual({
      name: 'Sara Al Amri',
      bio: 'Opening a second branch',
      link: 'https://sara.example',
    });
    await act(async () =>
      answerLater.resolve(
        ok(
          { ...sara, name: 'Sara A.', profile: { ...sara.profile, bio: 'Opening a second branch.' } },
          'Profile updated successfully',
        ),
      ),
    );
    await waitFor(() => expect(bio()).toHaveTextContent('Opening a second branch.'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sara A.');
    expect(screen.getByTestId('toast')).toHaveTextContent('Profile updated successfully');
    // The local copy follows the server (the name in user_data).
    expect(getItem('user_data')?.name).toBe('Sara A.');
    expect(queryClient.getQueryData(['user', 'me'])).toMatchObject({ name: 'Sara A.' });
  });

  it("rolls back on failure with 'Failed to update bio' and keeps the pending text to try again", async () => {
    const answerLater = deferred<Response>();
    answer({ 'POST /api/profile': () => answerLater.promise });
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const field = screen.getByRole('textbox', { name: 'Bio' });
    await user.clear(field);
    await user.type(field, 'A bio that will not stick');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(bio()).toHaveTextContent('A bio that will not stick');

    await act(async () => answerLater.resolve(fail(500, { message: 'boom' })));
    await waitFor(() => expect(bio()).toHaveTextContent('Coffee shop owner.'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Failed to update bio');
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveValue('A bio that will not stick');
  });

  it('puts a server field error on its field', async () => {
    answer({
      'POST /api/profile': () =>
        fail(422, {
          message: 'Invalid',
          errors: { name: ['Name can only contain letters and spaces'] },
          codes: { name: [{ code: 'nameLetters' }] },
        }),
    });
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Sara Amri');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Name can only contain letters and spaces', { selector: 'span' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent('Name can only contain letters and spaces');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sara Al Amri');
  });

  it('checks the link and the bio length before sending', async () => {
    const calls = answer();
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const link = screen.getByRole('textbox', { name: 'Website' });
    await user.clear(link);
    await user.type(link, 'not a link');
    fireEvent.change(screen.getByRole('textbox', { name: 'Bio' }), { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('501 / 500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Please enter a valid link starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(screen.getByText('Must be at most 500 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.route === 'POST /api/profile')).toBe(false);
  });
});

describe('contact-hiding switch', () => {
  it('switches at once, sends hide_contact 1, and says what it does', async () => {
    const calls = answer({
      'POST /api/profile/contact-visibility': () =>
        ok(withProfile(sara, { hide_contact: true }), 'Contact visibility updated'),
    });
    await open();
    const toggle = screen.getByRole('switch', { name: 'Hide my contact details' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/other members can't see your email or phone number/);
    expect(screen.getByTestId('contact-visibility-state')).toHaveTextContent('Visible to other members');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('contact-visibility-state')).toHaveTextContent('Hidden from other members');
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'POST /api/profile/contact-visibility')?.body).toEqual({
        hide_contact: 1,
      }),
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent('Contact visibility updated');
  });

  it("switches back with 'Failed to update contact visibility' when the server refuses", async () => {
    answer({ 'POST /api/profile/contact-visibility': () => fail(500, { message: 'boom' }) });
    await open();
    const toggle = screen.getByRole('switch', { name: 'Hide my contact details' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Failed to update contact visibility');
  });
});

/** A stand-in XMLHttpRequest: reports half the upload, then answers with `response` once `finish` resolves. */
function fakeXhr(
  response: { status: number; body: unknown },
  sent: FormData[],
  finish: Promise<unknown> = Promise.resolve(),
) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    open() {}
    setRequestHeader() {}
    abort() {}
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    send(body: FormData) {
      sent.push(body);
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }), 0);
      void finish.then(() => {
        this.status = response.status;
        this.responseText = JSON.stringify(response.body);
        this.onload?.();
      });
    }
  };
}

describe('picture and cover', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const choose = (kind: 'picture' | 'cover', file: File) =>
    fireEvent.change(screen.getByTestId(`${kind}-input`), { target: { files: [file] } });

  it('refuses a file that is not an image before uploading', async () => {
    const calls = answer();
    await open();
    choose('picture', new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Please choose a valid image (JPEG, PNG, WebP or GIF)',
    );
    expect(calls.some((call) => call.route.startsWith('POST /api/profile/'))).toBe(false);
  });

  it('refuses an image over 10 MB before uploading', async () => {
    answer();
    await open();
    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose('cover', big);
    expect(await screen.findByTestId('toast')).toHaveTextContent('File is too large. Maximum size is 10 MB');
  });

  it('uploads with progress, then shows the stored picture', async () => {
    const stored = withProfile(sara, { picture: { url: '/media/profile_pictures/abc-192.webp' } });
    const sent: FormData[] = [];
    const finish = deferred<void>();
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(
        { status: 200, body: { status: true, message: 'Profile picture updated', data: stored } },
        sent,
        finish.promise,
      ),
    );
    answer();
    await open();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    choose('picture', new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Uploading profile picture' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    // Meanwhile the chosen file shows (optimistic).
    expect(screen.getByTestId('profile-picture').querySelector('img')).toHaveAttribute('src', 'blob:preview');
    await act(async () => finish.resolve());
    await waitFor(() =>
      expect(screen.getByTestId('profile-picture').querySelector('img')).toHaveAttribute(
        'src',
        '/media/profile_pictures/abc-192.webp',
      ),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(sent[0]?.get('picture')).toBeInstanceOf(File);
    expect(screen.getByTestId('toast')).toHaveTextContent('Profile picture updated');
    expect(getItem('user_data')?.avatar).toBe('/media/profile_pictures/abc-192.webp');
  });

  it("translates the server's refusal of the bytes, and rolls the preview back", async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(
        {
          status: 422,
          body: {
            status: false,
            message: HTTP_TEXT[422],
            errors: { file: ['Please choose a valid image (JPEG, PNG, WebP or GIF)'] },
            codes: { file: [{ code: 'invalidImage' }] },
          },
        },
        [],
      ),
    );
    answer();
    signIn();
    renderRoute('/profile', 'en');
    await screen.findByTestId('own-profile');
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    choose('cover', new File(['not really'], 'cover.png', { type: 'image/png' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Please choose a valid image (JPEG, PNG, WebP or GIF)',
    );
    await waitFor(() => expect(screen.queryByTestId('profile-cover-image')).not.toBeInTheDocument());
  });

  it("removes the picture once confirmed; 'Failed to delete profile picture' brings it back", async () => {
    const withPicture = withProfile(sara, { picture: { url: '/media/profile_pictures/abc-192.webp' } });
    answer({ 'DELETE /api/profile/picture': () => fail(500, { message: 'boom' }) }, withPicture);
    await open();
    await userEvent.click(screen.getByTestId('picture-remove'));
    await userEvent.click(
      within(await screen.findByTestId('image-remove-dialog')).getByTestId('image-remove-confirm'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Failed to delete profile picture'),
    );
    expect(screen.getByTestId('profile-picture').querySelector('img')).toHaveAttribute(
      'src',
      '/media/profile_pictures/abc-192.webp',
    );
  });

  it('asks before removing the picture; Cancel keeps it and sends nothing (issue 19)', async () => {
    const withPicture = withProfile(sara, { picture: { url: '/media/profile_pictures/abc-192.webp' } });
    const calls = answer({}, withPicture);
    await open();
    await userEvent.click(screen.getByTestId('picture-remove'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove your profile picture?' });
    expect(dialog).toHaveTextContent('People will see your initials instead until you upload a new one.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.route === 'DELETE /api/profile/picture')).toBe(false);
    expect(screen.getByTestId('profile-picture').querySelector('img')).toHaveAttribute(
      'src',
      '/media/profile_pictures/abc-192.webp',
    );
  });

  it('your own posts show the new picture right after the upload (issue 19)', async () => {
    const url = '/media/profile_pictures/new-192.webp';
    const stored = withProfile(sara, { picture: { url } });
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr({ status: 200, body: { status: true, message: 'Profile picture updated', data: stored } }, []),
    );
    let uploaded = false;
    answer({
      'GET /api/profile/full': () => ok({ user: uploaded ? stored : sara, posts: [{ id: 7 }] }),
      'GET /api/posts': () =>
        ok({
          posts: [
            postFixture({
              user_id: sara.id,
              is_owner: true,
              user: {
                id: sara.id,
                name: sara.name,
                picture: uploaded ? { url } : null,
                company_verified: false,
              },
            }),
          ],
          next_cursor: null,
        }),
    });
    await open();
    const card = await screen.findByTestId('post-7');
    expect(card.querySelector('header img')).toBeNull();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    uploaded = true;
    choose('picture', new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByTestId('post-7').querySelector('header img')).toHaveAttribute('src', url),
    );
  }, 15_000);
});
