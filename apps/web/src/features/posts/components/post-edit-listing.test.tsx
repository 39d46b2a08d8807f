import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

// jsdom draws no canvas: a chosen photo goes as it is.
vi.mock('../../../lib/image-compression.ts', () => ({ compressImage: async (file: File) => file }));

const fetchMock = mockFetch();

const photo = (id: number) => ({
  id,
  url: `/media/post_photos/p${id}-480.webp`,
  url_large: `/media/post_photos/p${id}-1280.webp`,
  mime_type: 'image/webp',
  size: 1000,
  file_name: `p${id}.png`,
  width: 64,
  height: 64,
});

const mine = postFixture({ is_owner: true, user_id: 1, media: [photo(11), photo(12), photo(13)] });

function answer(handlers: Parameters<typeof routeFetch>[1]) {
  signIn();
  return routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture()),
    'GET /api/posts': () => ok({ posts: [mine], next_cursor: null }),
    ...handlers,
  });
}

async function openDialog() {
  renderRoute('/home');
  await userEvent.click(within(await screen.findByTestId('post-7')).getByTestId('post-edit'));
  return screen.findByTestId('post-edit-dialog');
}

const shownPhotos = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId('post-edit-photo')
    .map((item) => item.querySelector('img')?.getAttribute('src'));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => `blob:new-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});

describe('owner edit of photos, type and location', () => {
  it('moves, removes and adds photos with labelled buttons, changes the type, and sends the whole listing', async () => {
    const calls = answer({
      'PUT /api/posts/7/listing': () =>
        ok(
          { ...mine, property_type: 'warehouse', media: [photo(12), photo(11), photo(20)] },
          TEXT.postUpdated,
        ),
    });
    const dialog = await openDialog();
    expect(shownPhotos(dialog)).toEqual([photo(11).url, photo(12).url, photo(13).url]);
    expect(within(dialog).getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Move photo 1 later' }));
    expect(shownPhotos(dialog)).toEqual([photo(12).url, photo(11).url, photo(13).url]);
    expect(within(dialog).getByTestId('post-edit-announcement')).toHaveTextContent(
      'Photo 1 moved to position 2',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo 3' }));
    expect(shownPhotos(dialog)).toHaveLength(2);
    const file = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])],
      'new.png',
      { type: 'image/png' },
    );
    await userEvent.upload(within(dialog).getByTestId('post-edit-photos-input'), file);
    await waitFor(() => expect(shownPhotos(dialog)).toHaveLength(3));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move photo 3 earlier' }));

    expect(within(dialog).getByTestId('post-edit-type')).toHaveValue('office');
    expect(within(dialog).getByTestId('post-edit-location')).toHaveValue('Riyadh');
    await userEvent.selectOptions(within(dialog).getByTestId('post-edit-type'), 'warehouse');
    await userEvent.click(within(dialog).getByTestId('post-edit-save'));

    expect(await screen.findByText('Post updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('post-edit-dialog')).not.toBeInTheDocument());
    const sent = calls.find((call) => call.route === 'PUT /api/posts/7/listing')?.init?.body;
    expect(sent).toBeInstanceOf(FormData);
    const form = sent as FormData;
    expect(form.get('media_order')).toBe('12,new:0,11');
    expect(form.get('property_type')).toBe('warehouse');
    expect(form.get('location_id')).toBe('1');
    expect(form.get('description')).toBe('Grade A office floor in Olaya');
    expect(form.getAll('media[]')).toHaveLength(1);
    expect(calls.some((call) => call.route === 'PUT /api/posts/7')).toBe(false);
  }, 20_000);

  it('checks the create rules before sending: no photos and no description, no location', async () => {
    const calls = answer({});
    const dialog = await openDialog();
    for (let i = 3; i >= 1; i--) {
      await userEvent.click(within(dialog).getByRole('button', { name: `Remove photo ${i}` }));
    }
    await userEvent.clear(within(dialog).getByTestId('post-edit-description'));
    await userEvent.clear(within(dialog).getByTestId('post-edit-location'));
    await userEvent.click(within(dialog).getByTestId('post-edit-save'));
    expect(await within(dialog).findByTestId('post-edit-content-error')).toHaveTextContent(
      TEXT.postContentRequired,
    );
    expect(within(dialog).getByText(TEXT.required)).toBeInTheDocument();
    expect(calls.some((call) => call.route.startsWith('PUT'))).toBe(false);
  }, 20_000);

  it("shows the server's photo refusal under the photos and keeps the dialog open", async () => {
    answer({
      'PUT /api/posts/7/listing': () =>
        fail(422, {
          message: 'The given data was invalid.',
          errors: { media: ['Maximum 10 images per post'] },
          codes: { media: [{ code: 'tooManyImages', params: { count: 10 } }] },
        }),
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo 1' }));
    await userEvent.click(within(dialog).getByTestId('post-edit-save'));
    expect(await within(dialog).findByTestId('post-edit-content-error')).toHaveTextContent(
      'Maximum 10 images per post',
    );
    expect(screen.getByTestId('post-edit-dialog')).toBeInTheDocument();
  });
});
