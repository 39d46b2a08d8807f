import * as contract from '@makan/contract/posts';
import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { postFixture } from '../../../test/post-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';
import { editRequestOf, editValuesOf } from './post-edit-dialog.tsx';

const fetchMock = mockFetch();

const mine = postFixture({
  is_owner: true,
  user_id: 1,
  purpose: 'rent',
  price: 120000,
  currency: 'SAR',
  area_m2: 450,
  status: 'available',
  licence_number: 'LIC-1',
});

function answer(handlers: Parameters<typeof routeFetch>[1]) {
  signIn();
  return routeFetch(fetchMock, { 'GET /api/user': () => ok(fullUserFixture()), ...handlers });
}

describe('editRequestOf', () => {
  it('sends blanks as null (the server clears them) and numbers as numbers', () => {
    const parsed = editRequestOf(contract, {
      ...editValuesOf(mine),
      description: '  ',
      price: '99',
      licence_number: '',
    });
    expect(parsed.success && parsed.data).toEqual({
      description: null,
      purpose: 'rent',
      price: 99,
      currency: 'SAR',
      area_m2: 450,
      status: 'available',
      licence_number: null,
    });
  });

  it('sends only what changed from the post', () => {
    const initial = editValuesOf(mine);
    const parsed = editRequestOf(contract, { ...initial, status: 'closed', purpose: '' }, initial);
    expect(parsed.success && parsed.data).toEqual({ status: 'closed', purpose: null });
  });

  it('refuses what the contract refuses', () => {
    const parsed = editRequestOf(contract, { ...editValuesOf(mine), price: '-5' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['price']);
  });
});

describe('owner edit of a post', () => {
  it('prefills the dialog, PUTs the changes, updates the feed and toasts', async () => {
    const calls = answer({
      'GET /api/posts': () => ok({ posts: [mine], next_cursor: null }),
      'PUT /api/posts/7': () =>
        ok({ ...mine, description: 'Renovated floor', price: 99000 }, TEXT.postUpdated),
    });
    renderRoute('/home');
    const card = await screen.findByTestId('post-7');
    await userEvent.click(within(card).getByTestId('post-edit'));
    const dialog = await screen.findByTestId('post-edit-dialog');
    expect(within(dialog).getByTestId('post-edit-description')).toHaveValue('Grade A office floor in Olaya');
    expect(within(dialog).getByTestId('post-edit-price')).toHaveValue(120000);
    expect(within(dialog).getByTestId('post-edit-currency')).toHaveValue('SAR');
    expect(within(dialog).getByTestId('post-edit-licence')).toHaveValue('LIC-1');

    const description = within(dialog).getByTestId('post-edit-description');
    await userEvent.clear(description);
    await userEvent.type(description, 'Renovated floor');
    const price = within(dialog).getByTestId('post-edit-price');
    await userEvent.clear(price);
    await userEvent.type(price, '99000');
    await userEvent.click(within(dialog).getByTestId('post-edit-save'));

    expect(await screen.findByText('Post updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('post-edit-dialog')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('post-7')).getByText('Renovated floor')).toBeInTheDocument();
    const put = calls.find((call) => call.route === 'PUT /api/posts/7');
    // Only what changed is sent.
    expect(put?.body).toEqual({ description: 'Renovated floor', price: 99000 });
  });

  it('checks with the contract before sending', async () => {
    const calls = answer({ 'GET /api/posts': () => ok({ posts: [mine], next_cursor: null }) });
    renderRoute('/home');
    await userEvent.click(await screen.findByTestId('post-edit'));
    const dialog = await screen.findByTestId('post-edit-dialog');
    const area = within(dialog).getByTestId('post-edit-area');
    await userEvent.clear(area);
    await userEvent.type(area, '0');
    await userEvent.click(within(dialog).getByTestId('post-edit-save'));
    expect(await within(dialog).findByText('Please enter a valid positive number')).toBeInTheDocument();
    expect(calls.some((call) => call.route === 'PUT /api/posts/7')).toBe(false);
  });

  it("keeps the dialog open with the server's field errors", async () => {
    answer({
      'GET /api/posts': () => ok({ posts: [mine], next_cursor: null }),
      'PUT /api/posts/7': () =>
        fail(422, { message: 'The given data was invalid.', errors: { licence_number: ['Already in use'] } }),
    });
    renderRoute('/home');
    await userEvent.click(await screen.findByTestId('post-edit'));
    const dialog = await screen.findByTestId('post-edit-dialog');
    await userEvent.type(within(dialog).getByTestId('post-edit-licence'), '-2');
    await userEvent.click(within(dialog).getByTestId('post-edit-save'));
    expect(await within(dialog).findByText('Already in use')).toBeInTheDocument();
    expect(screen.getByTestId('post-edit-dialog')).toBeInTheDocument();
  });

  it('is offered on the post page to its owner only', async () => {
    answer({
      'GET /api/posts/7': () => ok(mine),
      'GET /api/posts/7/comments': () => ok({ comments: [], next_cursor: null }),
    });
    renderRoute('/post/7');
    expect(await screen.findByTestId('post-edit')).toBeInTheDocument();
  });

  it('is not offered on the posts of others', async () => {
    answer({ 'GET /api/posts': () => ok({ posts: [postFixture()], next_cursor: null }) });
    renderRoute('/home');
    const card = await screen.findByTestId('post-7');
    expect(within(card).queryByTestId('post-edit')).not.toBeInTheDocument();
  });
});
