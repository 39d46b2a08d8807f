import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { formatText, HTTP_TEXT, TEXT } from '@makan/contract/texts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { type FileSpec, multipartBody } from '../../test/form.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';

const messages = capturedMessages();
let app: App;
let mediaDir: string;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let riyadhId: number;

beforeAll(async () => {
  let config: { dataDir: string };
  ({ app, config } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms }));
  mediaDir = path.join(config.dataDir, 'media');
  await app.ready();
  owner = await signedInUser(app, messages, { name: 'Listing Owner' });
  other = await signedInUser(app, messages, { name: 'Not The Owner' });
  const cities = await app.inject({ method: 'GET', url: '/api/cities?q=Riyadh' });
  riyadhId = cities.json().data[0].id;
});
afterAll(() => app?.close());

type User = { auth: Record<string, string> };
type Media = { id: number; url: string; url_large: string; file_name: string };

const png = (shade: number, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: shade, g: 100, b: 50 } } })
    .png()
    .toBuffer();
const photo = async (name: string, shade = 10): Promise<FileSpec> => ({
  name,
  bytes: await png(shade),
  type: 'image/png',
});

async function send(
  method: 'POST' | 'PUT',
  url: string,
  user: User,
  fields: Record<string, string>,
  files: FileSpec[],
) {
  const body = await multipartBody(fields, files, 'media[]');
  return app.inject({ method, url, payload: body.payload, headers: { ...user.auth, ...body.headers } });
}

const listing = { property_type: 'office', location: 'King Fahd Road', description: 'Open-plan floor' };

async function createWith(names: string[]) {
  const files = await Promise.all(names.map((name, i) => photo(name, i * 20)));
  const res = await send('POST', '/api/posts', owner, listing, files);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; media: Media[] };
}

const edit = (id: number, fields: Record<string, string>, files: FileSpec[] = [], user: User = owner) =>
  send('PUT', `/api/posts/${id}/listing`, user, fields, files);

/** Both stored sizes of a photo, as files on disk. */
const filesOf = (media: Media) =>
  [media.url, media.url_large].map((url) => path.join(mediaDir, url.replace('/media/', '')));
const onDisk = (media: Media) => filesOf(media).every((file) => existsSync(file));
const storedCount = () => readdirSync(path.join(mediaDir, 'post_photos')).length;

async function current(id: number) {
  const res = await app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: owner.auth });
  return res.json().data;
}

describe('editing a listing fully (PUT /api/posts/{id}/listing)', () => {
  it('reorders, removes (deleting the files) and adds photos, in the order asked', async () => {
    const post = await createWith(['a.png', 'b.png', 'c.png']);
    const [a, b, c] = post.media as [Media, Media, Media];

    const reordered = await edit(post.id, { ...listing, media_order: `${c.id},${a.id},${b.id}` });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().message).toBe(TEXT.postUpdated);
    expect(reordered.json().data.media.map((m: Media) => m.id)).toEqual([c.id, a.id, b.id]);

    const res = await edit(post.id, { ...listing, media_order: `${b.id},new:1,${c.id}` }, [
      await photo('d.png', 200),
      await photo('e.png', 220),
    ]);
    expect(res.statusCode).toBe(200);
    const media: Media[] = res.json().data.media;
    // new:1 (e) where asked, b and c kept, a removed, d (not named) at the end.
    expect(media.map((m) => m.file_name)).toEqual(['b.png', 'e.png', 'c.png', 'd.png']);
    expect(media[0]?.id).toBe(b.id);
    expect(media[2]?.id).toBe(c.id);
    expect(onDisk(a)).toBe(false);
    for (const m of media) expect(onDisk(m)).toBe(true);
    expect((await current(post.id)).media).toEqual(media);

    // Without media_order every photo stays; an empty one removes them all (the description stays).
    const same = await edit(post.id, { ...listing, description: 'Same photos' });
    expect(same.json().data.media).toEqual(media);
    const none = await edit(post.id, { ...listing, media_order: '' });
    expect(none.json().data.media).toEqual([]);
    for (const m of media) expect(onDisk(m)).toBe(false);
  });

  it('changes the property type and the location (a city, or free text), as create does', async () => {
    const post = await createWith(['a.png']);
    const toCity = await edit(post.id, {
      ...listing,
      property_type: 'warehouse',
      location_id: String(riyadhId),
    });
    expect(toCity.statusCode).toBe(200);
    expect(toCity.json().data).toMatchObject({
      property_type: 'warehouse',
      location: { id: riyadhId },
      custom_location: null,
      display_location: 'Riyadh',
      description: 'Open-plan floor',
    });
    expect(toCity.json().data.media).toHaveLength(1);
    const toText = await edit(post.id, { ...listing, property_type: 'retail', location: 'Tahlia Street' });
    expect(toText.json().data).toMatchObject({
      property_type: 'retail',
      location: null,
      display_location: 'Tahlia Street',
    });
    const search = await app.inject({
      method: 'GET',
      url: `/api/posts/search?keyword=${encodeURIComponent('Tahlia')}`,
      headers: owner.auth,
    });
    expect(search.json().data.posts.map((p: { id: number }) => p.id)).toContain(post.id);
  });

  it('refuses an 11th photo with the create text, counting the kept ones, and keeps everything as it was', async () => {
    const post = await createWith(['a.png', 'b.png', 'c.png']);
    const before = storedCount();
    const eight = await Promise.all(Array.from({ length: 8 }, (_, i) => photo(`n${i}.png`, i * 10)));
    const res = await edit(post.id, listing, eight);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.media[0]).toBe(formatText(TEXT.tooManyImages, { count: 10 }));
    expect(storedCount()).toBe(before);
    expect((await current(post.id)).media).toEqual(post.media);

    const ten = await edit(post.id, listing, eight.slice(0, 7));
    expect(ten.json().data.media).toHaveLength(10);
    const eleven = await edit(
      post.id,
      listing,
      Array.from({ length: 11 }, () => eight[0] as FileSpec),
    );
    expect(eleven.statusCode).toBe(422);
    expect(eleven.json().errors.media[0]).toBe(formatText(TEXT.tooManyImages, { count: 10 }));
  });

  it('a failure half-way (a bad image, a bad type, an unknown photo, no content) leaves the post and its files as they were', async () => {
    const post = await createWith(['a.png', 'b.png']);
    const [a, b] = post.media as [Media, Media];
    const reorder = `${b.id},${a.id}`;
    const before = storedCount();
    const badImage = await edit(post.id, { ...listing, property_type: 'land', media_order: reorder }, [
      await photo('good.png'),
      { name: 'bad.png', bytes: Buffer.from('%PDF-1.4 not an image'), type: 'image/png' },
    ]);
    expect(badImage.statusCode).toBe(422);
    expect(badImage.json().errors.media[0]).toBe(TEXT.invalidImage);

    const badType = await edit(post.id, { ...listing, property_type: 'villa', media_order: `${b.id}` }, [
      await photo('new.png'),
    ]);
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors.property_type[0]).toBe(TEXT.invalidPropertyType);

    const foreign = await createWith(['x.png']);
    const unknownPhoto = await edit(post.id, { ...listing, media_order: `${foreign.media[0]?.id},new:0` }, [
      await photo('new.png'),
    ]);
    expect(unknownPhoto.statusCode).toBe(422);
    expect(unknownPhoto.json().errors.media[0]).toBe(TEXT.photoNotInPost);

    const empty = await edit(post.id, { ...listing, description: '', media_order: '' });
    expect(empty.json().errors.description[0]).toBe(TEXT.postContentRequired);
    const noLocation = await edit(post.id, { property_type: 'office', media_order: '' }, [
      await photo('n.png'),
    ]);
    expect(noLocation.json().errors.location[0]).toBe(TEXT.required);

    expect(storedCount()).toBe(before + 2); // only the foreign post's two files were added
    const after = await current(post.id);
    expect(after).toMatchObject({ property_type: 'office', media: post.media });
    expect(onDisk(a) && onDisk(b)).toBe(true);
  });

  it('lets only the owner edit: 403 for another user, 404 for no post, and nothing is stored', async () => {
    const post = await createWith(['a.png']);
    const before = storedCount();
    const denied = await edit(post.id, { ...listing, media_order: '' }, [await photo('mine.png')], other);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(HTTP_TEXT[403]);
    const missing = await edit(999_999, listing, [await photo('x.png')]);
    expect(missing.statusCode).toBe(404);
    expect(storedCount()).toBe(before);
    expect((await current(post.id)).media).toEqual(post.media);
    const anonymous = await edit(post.id, listing, [], { auth: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the JSON edit of text fields working beside it', async () => {
    const post = await createWith(['a.png']);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: owner.auth,
      payload: { description: 'Only the text' },
    });
    expect(res.json().data).toMatchObject({ description: 'Only the text', media: post.media });
  });
});
