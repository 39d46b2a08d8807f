import type { AddressInfo } from 'node:net';
import type { Notification } from '@makan/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { createListing } from '../../test/listings.ts';
import { notificationQueueEmpty } from '../../test/queue.ts';
import { createTestApp } from '../../test/test-app.ts';
import { requestAs, signedInUser } from '../../test/users.ts';

/**
 * Mentions and bookmarked listings (issue 22) over HTTP against the real database: `@Full Name` with
 * the picked id notifies the person named, once (an edit does not repeat it), never the author, never
 * across a block, never a picked id whose name is not in the text; a listing's new price or status
 * tells the people who bookmarked it, grouped per listing with the latest change, never its author;
 * a kind switched off tells nothing. The people picker's search.
 */

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  ({ app, database } = await createTestApp(
    { NOTIFICATIONS_EVERY_SECONDS: '1' },
    { mailer: messages.mailer, sms: messages.sms },
  ));
  await app.listen({ port: 0, host: '127.0.0.1' });
  expect((app.server.address() as AddressInfo).port).toBeGreaterThan(0);
});
afterAll(async () => {
  await app?.close();
});

const api = requestAs(() => app);
const person = (name: string) => signedInUser(app, messages, { name });

async function list(user: User): Promise<Notification[]> {
  return (await api(user, 'GET', '/api/notifications')).json().data.notifications;
}

/** Waits until the queue is empty (the worker has written every notification). */
const settled = () => notificationQueueEmpty(database);

const comment = async (user: User, post: number, text: string, mentions?: number[]) => {
  const res = await api(user, 'POST', `/api/posts/${post}/comments`, {
    comment: text,
    ...(mentions ? { mentions } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; mentions: { id: number; name: string }[] };
};

describe('mentions', () => {
  it('in a comment: the person named, once; an edit tells only who is newly named', async () => {
    const owner = await person('Mention Owner');
    const writer = await person('Basim Writer');
    const sara = await person('Sara Al Amin');
    const huda = await person('Huda Nasser');
    const post = await createListing(app, owner, 'Office in Olaya');
    const made = await comment(writer, post, 'Ask @Sara Al Amin about it', [sara.id]);
    expect(made.mentions).toEqual([{ id: sara.id, name: 'Sara Al Amin' }]);
    await settled();
    const [note] = await list(sara);
    expect(note).toMatchObject({
      kind: 'mention',
      post_id: post,
      comment_id: made.id,
      link: `/comment/${post}/${made.id}`,
      excerpt: 'Ask @Sara Al Amin about it',
      actors: [{ name: 'Basim Writer' }],
    });

    // The same name kept by an edit (ids not sent again): nothing new; Huda added: only Huda told.
    const edited = await api(writer, 'PUT', `/api/posts/${post}/comments/${made.id}`, {
      comment: 'Ask @Sara Al Amin and @Huda Nasser about it',
      mentions: [huda.id],
    });
    expect(edited.json().data.mentions).toEqual([
      { id: sara.id, name: 'Sara Al Amin' },
      { id: huda.id, name: 'Huda Nasser' },
    ]);
    await settled();
    expect(await list(sara)).toHaveLength(1);
    expect((await list(sara))[0]?.actors_count).toBe(1);
    expect(await list(huda)).toMatchObject([{ kind: 'mention', comment_id: made.id }]);

    // Sara's name taken out: her mention goes; the comment shows Huda only.
    const trimmed = await api(writer, 'PUT', `/api/posts/${post}/comments/${made.id}`, {
      comment: 'Ask @Huda Nasser about it',
    });
    expect(trimmed.json().data.mentions).toEqual([{ id: huda.id, name: 'Huda Nasser' }]);
    const page = (await api(owner, 'GET', `/api/posts/${post}/comments`)).json().data.comments;
    expect(page[0].mentions).toEqual([{ id: huda.id, name: 'Huda Nasser' }]);
  });

  it('in a listing: on create and on edit, once; never the author, never a name absent from the text', async () => {
    const author = await person('Listing Author');
    const sara = await person('Sara Listed');
    const omar = await person('Omar Absent');
    const post = await createListing(app, author, 'Call @Sara Listed or me @Listing Author', {
      mentions: `${sara.id},${omar.id},${author.id}`,
    });
    const view = (await api(author, 'GET', `/api/posts/${post}`)).json().data;
    expect(view.mentions).toEqual([{ id: sara.id, name: 'Sara Listed' }]);
    await settled();
    expect(await list(sara)).toMatchObject([{ kind: 'mention', post_id: post, link: `/post/${post}` }]);
    expect(await list(omar)).toEqual([]);
    expect(await list(author)).toEqual([]);

    // An edit keeping the name and picking Omar again, still not named: nothing new for anyone.
    const edited = await api(author, 'PUT', `/api/posts/${post}`, {
      description: 'Call @Sara Listed today',
      mentions: [omar.id],
    });
    expect(edited.json().data.mentions).toEqual([{ id: sara.id, name: 'Sara Listed' }]);
    await settled();
    expect(await list(sara)).toHaveLength(1);
    expect(await list(omar)).toEqual([]);

    // Named now: Omar is told, grouped per listing.
    await api(author, 'PUT', `/api/posts/${post}`, {
      description: 'Call @Sara Listed or @Omar Absent',
      mentions: [omar.id],
    });
    await settled();
    expect(await list(omar)).toMatchObject([{ kind: 'mention', post_id: post, comment_id: null }]);
    expect(await list(sara)).toHaveLength(1);
  });

  it('never across a block, either way', async () => {
    const owner = await person('Block Owner');
    const writer = await person('Block Writer');
    const blocked = await person('Blocked Named');
    const blocker = await person('Blocker Named');
    await api(writer, 'POST', `/api/users/${blocked.id}/block`);
    await api(blocker, 'POST', `/api/users/${writer.id}/block`);
    const post = await createListing(app, owner, 'Shop in Malqa');
    const made = await comment(writer, post, 'Hi @Blocked Named and @Blocker Named', [
      blocked.id,
      blocker.id,
    ]);
    expect(made.mentions).toEqual([]);
    await settled();
    expect(await list(blocked)).toEqual([]);
    expect(await list(blocker)).toEqual([]);
  });

  it('switched off in the app: nothing', async () => {
    const owner = await person('Quiet Owner');
    const writer = await person('Quiet Writer');
    const quiet = await person('Quiet Named');
    await api(quiet, 'PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'mention', in_app: false, push: false, email: false }],
    });
    const post = await createListing(app, owner, 'Land in Qassim');
    await comment(writer, post, 'See @Quiet Named', [quiet.id]);
    await settled();
    expect(await list(quiet)).toEqual([]);
  });

  it('refuses more ids than allowed, and ids that are not numbers', async () => {
    const writer = await person('Many Mentions');
    const post = await createListing(app, writer, 'Clinic in Khobar');
    const many = await api(writer, 'POST', `/api/posts/${post}/comments`, {
      comment: 'hello',
      mentions: Array.from({ length: 11 }, (_, i) => i + 1),
    });
    expect(many.statusCode).toBe(422);
    const bad = await api(writer, 'POST', `/api/posts/${post}/comments`, { comment: 'x', mentions: ['a'] });
    expect(bad.statusCode).toBe(422);
  });
});

describe('the people picker', () => {
  it('finds names containing the letters, people you follow first, never you or anyone blocked', async () => {
    const me = await person('Picker Me Zed');
    const followed = await person('Zed Followed');
    const other = await person('Alpha Zed Other');
    const blocked = await person('Zed Blocked');
    await api(me, 'POST', `/api/profiles/${followed.id}/follow`);
    await api(blocked, 'POST', `/api/users/${me.id}/block`);
    const res = await api(me, 'GET', '/api/users/mentionable?q=zed');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.users.map((u: { id: number }) => u.id);
    expect(ids[0]).toBe(followed.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(blocked.id);
    expect(res.json().data.users[0]).toMatchObject({ name: 'Zed Followed', is_following: true });
    expect((await api(me, 'GET', '/api/users/mentionable?q=')).statusCode).toBe(422);
    expect((await api(null, 'GET', '/api/users/mentionable?q=zed')).statusCode).toBe(401);
  });
});

describe('a bookmarked listing changes', () => {
  it('tells the people who bookmarked it, with the change, grouped; never its author or someone blocked', async () => {
    const author = await person('Price Author');
    const saver = await person('Price Saver');
    const quiet = await person('Price Quiet');
    const blocked = await person('Price Blocked');
    const stranger = await person('Price Stranger');
    const post = await createListing(app, author, 'Warehouse in Dammam', {
      purpose: 'sale',
      price: '1200000',
      currency: 'SAR',
      status: 'available',
    });
    for (const user of [author, saver, quiet, blocked])
      await api(user, 'POST', `/api/posts/${post}/bookmark`);
    await api(quiet, 'PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'listing', in_app: false, push: false, email: false }],
    });
    // Blocked after bookmarking: the bookmark stays, nothing is told across the block.
    await api(author, 'POST', `/api/users/${blocked.id}/block`);

    await api(author, 'PUT', `/api/posts/${post}`, { price: 1100000 });
    await settled();
    const [note] = await list(saver);
    expect(note).toMatchObject({
      kind: 'listing',
      post_id: post,
      link: `/post/${post}`,
      change: { field: 'price', currency: 'SAR' },
      actors: [{ name: 'Price Author' }],
    });
    expect(Number(note?.change?.from)).toBe(1200000);
    expect(Number(note?.change?.to)).toBe(1100000);
    for (const user of [author, quiet, blocked, stranger]) expect(await list(user)).toEqual([]);

    // The status changes too: the same notification, now with the status change.
    await api(author, 'PUT', `/api/posts/${post}`, { status: 'under_offer' });
    await settled();
    const after = await list(saver);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: note?.id,
      change: { field: 'status', from: 'available', to: 'under_offer', currency: null },
    });

    // Nothing changed in price or status (the text only): nothing queued.
    await api(author, 'PUT', `/api/posts/${post}`, { description: 'Warehouse in Dammam, renovated' });
    await settled();
    expect((await list(saver))[0]?.updated_at).toBe(after[0]?.updated_at);
  });

  it('the whole-listing edit tells too', async () => {
    const author = await person('Form Author');
    const saver = await person('Form Saver');
    const post = await createListing(app, author, 'Showroom', { status: 'available' });
    await api(saver, 'POST', `/api/posts/${post}/bookmark`);
    const { multipartBody } = await import('../../test/form.ts');
    const body = await multipartBody(
      { property_type: 'office', location: 'Olaya Street', description: 'Showroom', status: 'closed' },
      [],
      'media[]',
    );
    const res = await app.inject({
      method: 'PUT',
      url: `/api/posts/${post}/listing`,
      payload: body.payload,
      headers: { ...author.auth, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settled();
    expect(await list(saver)).toMatchObject([
      { kind: 'listing', change: { field: 'status', from: 'available', to: 'closed' } },
    ]);
  });
});
