import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIMITS } from '@makan/contract/limits';
import { formatText, HTTP_TEXT, TEXT } from '@makan/contract/texts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { type FileSpec, multipartBody } from '../../test/form.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { createPostsRepository } from './posts.repository.ts';

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
let mediaDir: string;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let riyadhId: number;

const webDist = mkdtempSync(path.join(tmpdir(), 'makan-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Makan</title></head><body><div id="root"></div></body></html>',
);

beforeAll(async () => {
  let config: { dataDir: string };
  ({ app, database, config } = await createTestApp(
    { WEB_DIST: webDist, PUBLIC_URL: 'https://makan.example' },
    { mailer: messages.mailer, sms: messages.sms },
  ));
  mediaDir = path.join(config.dataDir, 'media');
  await app.ready();
  owner = await signedInUser(app, messages, { name: 'Post Owner' });
  other = await signedInUser(app, messages, { name: 'Someone Else' });
  const cities = await app.inject({ method: 'GET', url: '/api/cities?q=Riyadh' });
  riyadhId = cities.json().data[0].id;
});
afterAll(() => app?.close());

/** A multipart body as a browser sends it; photos default to the media[] field as JPEG. */
const form = (fields: Record<string, string>, files: FileSpec[] = []) =>
  multipartBody(
    fields,
    files.map((f) => ({ type: 'image/jpeg', ...f })),
    'media[]',
  );

async function createPost(
  user: { auth: Record<string, string> },
  fields: Record<string, string>,
  files: FileSpec[] = [],
) {
  const body = await form(fields, files);
  return app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: body.payload,
    headers: { ...user.auth, ...body.headers },
  });
}

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 150, b: 136 } } })
    .png()
    .toBuffer();

const storedPhotos = () => {
  try {
    return readdirSync(path.join(mediaDir, 'post_photos')).filter((f) => !f.startsWith('.'));
  } catch {
    return [];
  }
};

/** Uploads waiting as temporary files: none may be left once a request is answered. */
const incomingUploads = () => {
  try {
    return readdirSync(path.join(mediaDir, '.incoming'));
  } catch {
    return [];
  }
};

const basic = () => ({ property_type: 'office', location: 'King Fahd Road', description: 'A bright office' });

describe('create post', () => {
  it('creates a post with photos, re-encoded to two WebP sizes with metadata stripped', async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret camera owner', Artist: 'GPS person' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await createPost(
      owner,
      {
        ...basic(),
        location: '',
        location_id: String(riyadhId),
        purpose: 'rent',
        price: '120000',
        currency: 'SAR',
        area_m2: '350.5',
        status: 'available',
        licence_number: 'FAL-12345',
      },
      [
        { name: 'front.jpg', bytes: jpeg },
        { name: 'plan.png', bytes: await png(), type: 'image/png' },
      ],
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(TEXT.postCreated);
    const post = body.data;
    expect(post).toMatchObject({
      user_id: owner.id,
      user: { id: owner.id, name: 'Post Owner', picture: null },
      description: 'A bright office',
      property_type: 'office',
      location: { id: riyadhId, name_en: 'Riyadh', name_ar: 'الرياض', display_name: 'Riyadh' },
      custom_location: null,
      display_location: 'Riyadh',
      purpose: 'rent',
      price: 120000,
      currency: 'SAR',
      area_m2: 350.5,
      status: 'available',
      licence_number: 'FAL-12345',
      likes_count: 0,
      comments_count: 0,
      bookmarks_count: 0,
      is_liked: false,
      is_bookmarked: false,
      is_owner: true,
      shares_count: 10,
    });
    expect(post.media).toHaveLength(2);
    const [first] = post.media;
    expect(first).toMatchObject({
      mime_type: 'image/webp',
      file_name: 'front.jpg',
      width: 1280,
      height: 960,
    });
    expect(first.url).toMatch(/^\/media\/post_photos\/[0-9a-f]{32}-480\.webp$/);
    expect(first.url_large).toMatch(/-1280\.webp$/);
    const small = await app.inject({ method: 'GET', url: first.url });
    expect(small.statusCode).toBe(200);
    const smallMeta = await sharp(small.rawPayload).metadata();
    expect(smallMeta).toMatchObject({ format: 'webp', width: 480, height: 360 });
    const large = await app.inject({ method: 'GET', url: first.url_large });
    const meta = await sharp(large.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(large.rawPayload.includes(Buffer.from('secret camera owner'))).toBe(false);
    expect(post.media[1]).toMatchObject({ width: 640, height: 480 });
  });

  it('accepts a PNG named .jpg by its bytes and refuses a text file named .png', async () => {
    const ok = await createPost(owner, basic(), [
      { name: 'really-a-png.jpg', bytes: await png(), type: 'image/jpeg' },
    ]);
    expect(ok.statusCode).toBe(201);
    const bad = await createPost(owner, basic(), [
      { name: 'notes.png', bytes: Buffer.from('just some text, not an image'), type: 'image/png' },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.media[0]).toBe(TEXT.invalidImage);
  });

  it('refuses an image of 10 MB + 1 byte with the spec text', async () => {
    const before = storedPhotos().length;
    const big = Buffer.alloc(LIMITS.fileMaxBytes + 1);
    (await png()).copy(big);
    const res = await createPost(owner, basic(), [{ name: 'big.png', bytes: big, type: 'image/png' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(TEXT.imageTooLarge);
    expect(storedPhotos()).toHaveLength(before);
    expect(incomingUploads()).toEqual([]);
  });

  it('refuses an 11th image and keeps nothing of the ten before it', async () => {
    const before = storedPhotos().length;
    const { n: postsBefore } = await countPosts();
    const image = await png(64, 64);
    const files = Array.from({ length: 11 }, (_, i) => ({
      name: `p${i}.png`,
      bytes: image,
      type: 'image/png',
    }));
    const res = await createPost(owner, basic(), files);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.media[0]).toBe(formatText(TEXT.tooManyImages, { count: 10 }));
    expect(storedPhotos()).toHaveLength(before);
    expect((await countPosts()).n).toBe(postsBefore);

    const ten = await createPost(owner, basic(), files.slice(0, 10));
    expect(ten.statusCode).toBe(201);
    expect(ten.json().data.media).toHaveLength(10);
  });

  it('refuses the same over a real socket (streamed parts, not one in-memory body)', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const before = storedPhotos().length;
    const send = async (files: FileSpec[]) => {
      const data = new FormData();
      data.append('property_type', 'office');
      data.append('location', 'Olaya');
      for (const f of files) data.append('media[]', new Blob([new Uint8Array(f.bytes)]), f.name);
      const res = await fetch(`${address}/api/posts`, { method: 'POST', body: data, headers: owner.auth });
      return {
        status: res.status,
        body: (await res.json()) as { message: string; errors: Record<string, string[]> },
      };
    };
    const big = Buffer.alloc(LIMITS.fileMaxBytes + 1);
    (await png()).copy(big);
    const tooBig = await send([{ name: 'big.png', bytes: big }]);
    expect(tooBig).toMatchObject({ status: 413, body: { message: TEXT.imageTooLarge } });
    const image = await png(64, 64);
    const eleven = await send(Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: image })));
    expect(eleven.status).toBe(422);
    expect(eleven.body.errors.media?.[0]).toBe(formatText(TEXT.tooManyImages, { count: 10 }));
    expect(storedPhotos()).toHaveLength(before);
    expect(incomingUploads()).toEqual([]);
  });

  it('a failure half-way (bad second file, or bad fields after files) leaves no post and no files', async () => {
    const before = storedPhotos().length;
    const { n: postsBefore } = await countPosts();
    const res = await createPost(owner, basic(), [
      { name: 'a.png', bytes: await png(), type: 'image/png' },
      { name: 'b.png', bytes: Buffer.from('%PDF-1.4 not an image'), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(422);
    const noType = await createPost(owner, { location: 'Olaya' }, [
      { name: 'a.png', bytes: await png(), type: 'image/png' },
    ]);
    expect(noType.statusCode).toBe(422);
    expect(noType.json().errors.property_type[0]).toBe(TEXT.required);
    expect(storedPhotos()).toHaveLength(before);
    expect(incomingUploads()).toEqual([]);
    expect((await countPosts()).n).toBe(postsBefore);
  });

  it('states every form rule with its text', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ location: 'Olaya', description: 'x' }, 'property_type', TEXT.required],
      [
        { property_type: 'villa', location: 'Olaya', description: 'x' },
        'property_type',
        TEXT.invalidPropertyType,
      ],
      [{ property_type: 'office', description: 'x' }, 'location', TEXT.required],
      [{ property_type: 'office', location: 'Olaya' }, 'description', TEXT.postContentRequired],
      [
        { property_type: 'office', location: 'Olaya', description: '   ' },
        'description',
        TEXT.postContentRequired,
      ],
      [
        { property_type: 'office', location: 'Olaya', description: 'x'.repeat(1001) },
        'description',
        formatText(TEXT.maxLength, { length: 1000 }),
      ],
      [{ ...basic(), price: '1000' }, 'currency', TEXT.priceNeedsCurrency],
      [{ ...basic(), price: '1000', currency: 'EUR' }, 'currency', TEXT.invalidCurrency],
      [{ ...basic(), price: '-5', currency: 'SAR' }, 'price', TEXT.invalidNumber],
      [{ ...basic(), area_m2: 'big' }, 'area_m2', TEXT.invalidNumber],
      [{ ...basic(), purpose: 'swap' }, 'purpose', TEXT.invalidPurpose],
      [{ ...basic(), status: 'sold' }, 'status', TEXT.invalidListingStatus],
      [{ ...basic(), location: '', location_id: '999999' }, 'location_id', TEXT.unknownCity],
    ];
    for (const [fields, field, text] of cases) {
      const res = await createPost(owner, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors[field]?.[0], JSON.stringify(fields)).toBe(text);
    }
    const exactly = await createPost(owner, { ...basic(), description: 'x'.repeat(1000) });
    expect(exactly.statusCode).toBe(201);
    const photoOnly = await createPost(owner, { property_type: 'land', location: 'Olaya' }, [
      { name: 'a.png', bytes: await png(), type: 'image/png' },
    ]);
    expect(photoOnly.statusCode).toBe(201);
    expect(photoOnly.json().data.description).toBeNull();
    const anonymous = await app.inject({ method: 'POST', url: '/api/posts', ...(await form(basic())) });
    expect(anonymous.statusCode).toBe(401);
  });
});

async function countPosts() {
  const feed = await app.inject({ method: 'GET', url: '/api/posts?per_page=50', headers: owner.auth });
  let n = feed.json().data.posts.length;
  let cursor = feed.json().data.next_cursor;
  while (cursor) {
    const next = await app.inject({
      method: 'GET',
      url: `/api/posts?per_page=50&cursor=${cursor}`,
      headers: owner.auth,
    });
    n += next.json().data.posts.length;
    cursor = next.json().data.next_cursor;
  }
  return { n };
}

describe('feed', () => {
  it('returns every post exactly once across pages while new posts arrive', async () => {
    const author = await signedInUser(app, messages, { name: 'Busy Poster' });
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const res = await createPost(author, { ...basic(), description: `Listing ${i}` });
      ids.push(res.json().data.id);
    }
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const res = await app.inject({
        method: 'GET',
        url: `/api/posts?author=${author.id}&per_page=5${cursor ? `&cursor=${cursor}` : ''}`,
        headers: other.auth,
      });
      expect(res.statusCode).toBe(200);
      const { posts, next_cursor } = res.json().data as {
        posts: { id: number }[];
        next_cursor: number | null;
      };
      seen.push(...posts.map((p) => p.id));
      cursor = next_cursor;
      pages += 1;
      // New posts keep arriving between pages.
      await createPost(author, { ...basic(), description: `Arrived during paging ${pages}` });
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('defaults to 10 a page, newest first, and filters', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/posts', headers: other.auth });
    const { posts } = res.json().data;
    expect(posts).toHaveLength(10);
    const ids = posts.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(posts[0].is_owner).toBe(false);

    const seller = await signedInUser(app, messages);
    const mk = (extra: Record<string, string>) => createPost(seller, { ...basic(), ...extra });
    const cheap = (await mk({ purpose: 'sale', price: '1000', currency: 'SAR', area_m2: '50' })).json().data
      .id;
    const dear = (await mk({ purpose: 'sale', price: '900000', currency: 'SAR', area_m2: '900' })).json().data
      .id;
    const rent = (
      await mk({ property_type: 'warehouse', purpose: 'rent', location_id: String(riyadhId) })
    ).json().data.id;
    const q = async (query: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/posts?author=${seller.id}&${query}`,
          headers: other.auth,
        })
      )
        .json()
        .data.posts.map((p: { id: number }) => p.id);
    expect(await q('purpose=sale')).toEqual([dear, cheap]);
    expect(await q('price_min=5000')).toEqual([dear]);
    expect(await q('price_max=5000&currency=SAR')).toEqual([cheap]);
    expect(await q('area_min=100&area_max=1000')).toEqual([dear]);
    expect(await q('property_type=warehouse')).toEqual([rent]);
    expect(await q(`city=${riyadhId}`)).toEqual([rent]);
    const bad = await app.inject({ method: 'GET', url: '/api/posts?per_page=51', headers: other.auth });
    expect(bad.statusCode).toBe(422);
  });

  it("refuses a minimum price or area above its maximum: 422 with the maximum's text (issue 19)", async () => {
    const feed = (query: string) =>
      app.inject({ method: 'GET', url: `/api/posts?${query}`, headers: other.auth });
    const price = await feed('price_min=5000&price_max=100');
    expect(price.statusCode).toBe(422);
    expect(price.json()).toMatchObject({ status: false, errors: { price_max: [TEXT.priceRange] } });
    const area = await feed('area_min=900&area_max=50');
    expect(area.statusCode).toBe(422);
    expect(area.json()).toMatchObject({ status: false, errors: { area_max: [TEXT.areaRange] } });
    // Equal bounds, or one bound alone, are fine.
    expect((await feed('price_min=100&price_max=100')).statusCode).toBe(200);
    expect((await feed('price_min=100')).statusCode).toBe(200);
  });

  it('runs a fixed number of queries per page, whatever its size', async () => {
    let queries = 0;
    const repo = createPostsRepository(database.db, {
      onQuery: () => {
        queries += 1;
      },
    });
    const sizes = [1, 5, 20, 30];
    const counts: number[] = [];
    for (const limit of sizes) {
      queries = 0;
      const page = await repo.feed({ filters: {}, limit, viewerId: other.id });
      expect(page.rows.length).toBe(limit);
      counts.push(queries);
    }
    // One: the photos come in the rows' own statement (issue 25).
    expect(counts).toEqual([1, 1, 1, 1]);
  });
});

describe('likes and bookmarks', () => {
  it('counts exactly after 50 concurrent likes from different users', async () => {
    const post = (await createPost(owner, basic())).json().data;
    const likers = [];
    for (let i = 0; i < 50; i++) likers.push(await signedInUser(app, messages));
    const results = await Promise.all(
      likers.map((u) => app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: u.auth })),
    );
    expect(results.every((r) => r.statusCode === 200 && r.json().data.is_liked === true)).toBe(true);
    const seen = await app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: likers[0]?.auth });
    expect(seen.json().data).toMatchObject({ likes_count: 50, is_liked: true });
    // Half unlike concurrently, while the others like again (no-op) — still exact.
    await Promise.all(
      likers
        .slice(0, 25)
        .map((u) => app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: u.auth })),
    );
    const after = await app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: owner.auth });
    expect(after.json().data).toMatchObject({ likes_count: 25, is_liked: false });
  });

  it('toggles bookmarks with the spec texts and lists them newest bookmark first', async () => {
    const reader = await signedInUser(app, messages);
    const a = (await createPost(owner, { ...basic(), description: 'Bookmark A' })).json().data.id;
    const b = (await createPost(owner, { ...basic(), description: 'Bookmark B' })).json().data.id;
    const mark = (id: number) =>
      app.inject({ method: 'POST', url: `/api/posts/${id}/bookmark`, headers: reader.auth });
    const first = await mark(b);
    expect(first.json()).toEqual({
      status: true,
      message: TEXT.postBookmarked,
      data: { is_bookmarked: true, bookmarks_count: 1 },
    });
    await mark(a);
    const list = await app.inject({ method: 'GET', url: '/api/bookmarks?per_page=1', headers: reader.auth });
    expect(list.json().data.posts.map((p: { id: number }) => p.id)).toEqual([a]);
    expect(list.json().data.posts[0].is_bookmarked).toBe(true);
    const page2 = await app.inject({
      method: 'GET',
      url: `/api/bookmarks?per_page=1&cursor=${list.json().data.next_cursor}`,
      headers: reader.auth,
    });
    expect(page2.json().data).toMatchObject({ posts: [{ id: b }], next_cursor: null });
    const removed = await mark(b);
    expect(removed.json()).toMatchObject({
      message: TEXT.bookmarkRemoved,
      data: { is_bookmarked: false, bookmarks_count: 0 },
    });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/posts/99999999/like',
      headers: reader.auth,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('edit and delete', () => {
  it('lets only the owner edit and delete; deleting removes the files', async () => {
    const created = await createPost(owner, basic(), [
      { name: 'a.png', bytes: await png(), type: 'image/png' },
    ]);
    const post = created.json().data;
    const file = path.join(mediaDir, post.media[0].url.replace('/media/', ''));
    expect(readdirSync(path.dirname(file))).toContain(path.basename(file));

    const put = (user: { auth: Record<string, string> }, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/posts/${post.id}`, headers: user.auth, payload });
    const denied = await put(other, { description: 'mine now' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(HTTP_TEXT[403]);
    const edited = await put(owner, {
      description: 'Updated text',
      purpose: 'sale',
      price: 5000,
      currency: 'USD',
      location_id: riyadhId,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: TEXT.postUpdated,
      data: {
        description: 'Updated text',
        purpose: 'sale',
        price: 5000,
        currency: 'USD',
        display_location: 'Riyadh',
      },
    });
    const clearedPrice = await put(owner, { price: null });
    expect(clearedPrice.json().data).toMatchObject({ price: null, currency: null });
    const noCurrency = await put(owner, { price: 10 });
    expect(noCurrency.json().errors.currency[0]).toBe(TEXT.priceNeedsCurrency);

    const textOnly = (await createPost(owner, basic())).json().data;
    const emptied = await app.inject({
      method: 'PUT',
      url: `/api/posts/${textOnly.id}`,
      headers: owner.auth,
      payload: { description: null },
    });
    expect(emptied.json().errors.description[0]).toBe(TEXT.postContentRequired);

    const otherDelete = await app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: other.auth,
    });
    expect(otherDelete.statusCode).toBe(403);
    const otherPostDelete = await app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}`,
      headers: other.auth,
    });
    expect(otherPostDelete.statusCode).toBe(403);
    // Spec §7: POST /api/posts/{id} deletes.
    const deleted = await app.inject({ method: 'POST', url: `/api/posts/${post.id}`, headers: owner.auth });
    expect(deleted.json()).toEqual({ status: true, message: TEXT.postDeleted, data: null });
    expect(readdirSync(path.dirname(file))).not.toContain(path.basename(file));
    const gone = await app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: owner.auth });
    expect(gone.statusCode).toBe(404);
    const viaDelete = await app.inject({
      method: 'DELETE',
      url: `/api/posts/${textOnly.id}`,
      headers: owner.auth,
    });
    expect(viaDelete.json().message).toBe(TEXT.postDeleted);
  });
});

describe('comments', () => {
  it('adds comments and replies, pages them, and lets only the author edit or delete', async () => {
    const post = (await createPost(owner, basic())).json().data;
    const url = `/api/posts/${post.id}/comments`;
    const add = (user: { auth: Record<string, string> }, payload: object) =>
      app.inject({ method: 'POST', url, headers: user.auth, payload });
    const first = await add(other, { comment: 'Is parking included?' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: TEXT.commentAdded,
      data: {
        post_id: post.id,
        parent_id: null,
        comment: 'Is parking included?',
        replies_count: 0,
        user: { id: other.id },
      },
    });
    const commentId = first.json().data.id;
    const reply = await add(owner, { comment: 'Yes, two bays.', parent_id: commentId });
    expect(reply.json().data.parent_id).toBe(commentId);

    expect((await add(other, { comment: '' })).json().errors.comment[0]).toBe(TEXT.required);
    expect((await add(other, { comment: 'x'.repeat(501) })).json().errors.comment[0]).toBe(
      formatText(TEXT.maxLength, { length: 500 }),
    );
    expect((await add(other, { comment: 'x'.repeat(500) })).statusCode).toBe(201);
    expect((await add(other, { comment: 'orphan', parent_id: 99999999 })).statusCode).toBe(422);

    for (let i = 0; i < 21; i++) await add(other, { comment: `Comment ${i}` });
    const page1 = await app.inject({ method: 'GET', url, headers: owner.auth });
    expect(page1.json().data.comments).toHaveLength(20);
    const page2 = await app.inject({
      method: 'GET',
      url: `${url}?cursor=${page1.json().data.next_cursor}`,
      headers: owner.auth,
    });
    expect(page2.json().data.next_cursor).toBeNull();
    const all = [...page1.json().data.comments, ...page2.json().data.comments];
    // Top level only: 1 + 1 (500 chars) + 21.
    expect(all).toHaveLength(23);
    expect(all.find((c: { id: number }) => c.id === commentId)?.replies_count).toBe(1);

    const replies = await app.inject({
      method: 'GET',
      url: `/api/comments/${commentId}/replies`,
      headers: other.auth,
    });
    expect(replies.json().data).toMatchObject({
      comments: [{ comment: 'Yes, two bays.' }],
      next_cursor: null,
    });

    const seen = await app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: owner.auth });
    expect(seen.json().data.comments_count).toBe(24);

    const edit = (user: { auth: Record<string, string> }, payload: object) =>
      app.inject({ method: 'PUT', url: `${url}/${commentId}`, headers: user.auth, payload });
    expect((await edit(owner, { comment: 'hijack' })).statusCode).toBe(403);
    const edited = await edit(other, { comment: 'Is parking included in the rent?' });
    expect(edited.json()).toMatchObject({
      message: TEXT.commentUpdated,
      data: { comment: 'Is parking included in the rent?' },
    });
    const ownerDelete = await app.inject({
      method: 'DELETE',
      url: `${url}/${commentId}`,
      headers: owner.auth,
    });
    expect(ownerDelete.statusCode).toBe(403);
    const del = await app.inject({ method: 'DELETE', url: `${url}/${commentId}`, headers: other.auth });
    expect(del.json().message).toBe(TEXT.commentDeleted);
    const missing = await app.inject({
      method: 'GET',
      url: `/api/comments/${commentId}/replies`,
      headers: other.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TEXT.commentNotFound);
    const after = await app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: owner.auth });
    expect(after.json().data.comments_count).toBe(22);
  });

  it('answers one comment for the comment page, only under its own post', async () => {
    const post = (await createPost(owner, basic())).json().data;
    const elsewhere = (await createPost(owner, basic())).json().data;
    const added = await app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      headers: other.auth,
      payload: { comment: 'Is the lobby staffed?' },
    });
    const commentId = added.json().data.id;
    const one = (postId: number, id: number, auth: Record<string, string> = owner.auth) =>
      app.inject({ method: 'GET', url: `/api/posts/${postId}/comments/${id}`, headers: auth });
    const found = await one(post.id, commentId);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({
      id: commentId,
      post_id: post.id,
      comment: 'Is the lobby staffed?',
      user: { id: other.id },
    });
    for (const res of [await one(elsewhere.id, commentId), await one(post.id, 99999999)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TEXT.commentNotFound);
    }
    expect((await one(post.id, commentId, {})).statusCode).toBe(401);
  });
});

describe('search', () => {
  let arabic: number;
  let english: number;
  let typeOnly: number;
  beforeAll(async () => {
    const searcher = await signedInUser(app, messages);
    arabic = (
      await createPost(searcher, {
        property_type: 'warehouse',
        location_id: String(riyadhId),
        description: 'مستودع واسع للإيجار في المنطقة الصناعية قريب من الطريق السريع',
      })
    ).json().data.id;
    english = (
      await createPost(searcher, {
        property_type: 'retail',
        location: 'Corniche, Jeddah',
        description: 'Spacious showroom with sea views and zzyzxrare frontage',
      })
    ).json().data.id;
    typeOnly = (
      await createPost(searcher, {
        property_type: 'medical',
        location: 'Olaya',
        description: 'Ground floor unit',
      })
    ).json().data.id;
  });

  const search = async (keyword: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/posts/search?keyword=${encodeURIComponent(keyword)}`,
      headers: other.auth,
    });
    expect(res.statusCode, keyword).toBe(200);
    return res.json().data.posts.map((p: { id: number }) => p.id) as number[];
  };

  it('finds Arabic words with and without و/ال prefixes, with diacritics and letter variants', async () => {
    for (const keyword of [
      'الصناعية',
      'صناعية',
      'والصناعية',
      'بالمنطقة',
      'المنطقه',
      'مُسْتَوْدَعٌ',
      'ومستودع',
      'المستودع',
      'السريع',
      'الرياض',
      'رياض',
      'والرياض',
      'الإيجار',
      'ايجار',
    ]) {
      expect(await search(keyword), keyword).toContain(arabic);
    }
  });

  it('finds English words, city names in both languages and type labels in both languages', async () => {
    expect(await search('showroom')).toContain(english);
    expect(await search('SEA VIEWS')).toContain(english);
    expect(await search('zzyzxrare')).toEqual([english]);
    expect(await search('Jeddah')).toContain(english);
    expect(await search('Riyadh')).toContain(arabic);
    expect(await search('warehouse')).toContain(arabic);
    expect(await search('Medical Facility')).toContain(typeOnly);
    expect(await search('منشأة طبية')).toContain(typeOnly);
    expect(await search('المنشأة الطبية')).toContain(typeOnly);
    expect(await search('nothingmatchesthis')).toEqual([]);
    expect(await search('showroom')).not.toContain(arabic);
  });

  it('finds what is being typed: the last word as the start of a longer one, in English and Arabic', async () => {
    const searcher = await signedInUser(app, messages);
    const coworking = (
      await createPost(searcher, {
        property_type: 'coworking',
        location: 'Olaya',
        description: 'Hot desks and meeting rooms',
      })
    ).json().data.id;
    for (const keyword of ['Cowork', 'cowo', 'coworking spa', 'hot des', 'مساحة عم']) {
      expect(await search(keyword), keyword).toContain(coworking);
    }
    expect(await search('ware')).toContain(arabic);
    expect(await search('wareh')).not.toContain(coworking);
    for (const keyword of ['مستود', 'المستو', 'ومستو', 'الصناع', 'صناع', 'مُسْتَوْ', 'للإيج']) {
      expect(await search(keyword), keyword).toContain(arabic);
    }
    // Only the last word is a prefix: earlier words are whole words.
    expect(await search('showr views')).not.toContain(english);
    expect(await search('showroom vie')).toContain(english);
  });

  it('ranks by relevance, then newest', async () => {
    const searcher = await signedInUser(app, messages);
    const weak = (await createPost(searcher, { ...basic(), description: 'qqplaza once' })).json().data.id;
    const strong = (
      await createPost(searcher, { ...basic(), description: 'qqplaza qqplaza qqplaza everywhere qqplaza' })
    ).json().data.id;
    const weakNewer = (await createPost(searcher, { ...basic(), description: 'qqplaza twice' })).json().data
      .id;
    expect(await search('qqplaza')).toEqual([strong, weakNewer, weak]);
  });

  it('requires a keyword', async () => {
    for (const url of ['/api/posts/search', '/api/posts/search?keyword=%20%20']) {
      const res = await app.inject({ method: 'GET', url, headers: other.auth });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.keyword[0]).toBe(TEXT.searchKeywordRequired);
    }
  });
});

describe('link previews', () => {
  it('serves /post/{id} with escaped Open Graph and Twitter tags', async () => {
    const created = await createPost(
      owner,
      { property_type: 'office', location: 'Olaya', description: 'Tower "A" <b>offices</b> & more' },
      [{ name: 'a.png', bytes: await png(), type: 'image/png' }],
    );
    const post = created.json().data;
    const res = await app.inject({ method: 'GET', url: `/post/${post.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<meta property="og:title" content="Office Space · Olaya">');
    expect(html).toContain(
      '<meta property="og:description" content="Tower &quot;A&quot; &lt;b&gt;offices&lt;/b&gt; &amp; more">',
    );
    expect(html).toContain(
      `<meta property="og:image" content="https://makan.example${post.media[0].url_large}">`,
    );
    expect(html).toContain(`<meta property="og:url" content="https://makan.example/post/${post.id}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('<b>offices');

    const unknown = await app.inject({ method: 'GET', url: '/post/99999999' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('og:title');
    expect(unknown.body).toContain('<div id="root">');
  });
});
