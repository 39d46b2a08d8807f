import { TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages, manualClock } from '../../test/auth-helpers.ts';
import { multipartBody } from '../../test/form.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';

/**
 * Creating a post with an Idempotency-Key (issue 24), through HTTP on the test's database (PGlite,
 * or PostgreSQL with DATABASE_URL, where the two concurrent requests really race).
 */

const { clock, advance } = manualClock();
const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;

beforeAll(async () => {
  ({ app, database } = await createTestApp({}, { clock, mailer: messages.mailer, sms: messages.sms }));
  await app.ready();
});
afterAll(() => app?.close());

type Person = Awaited<ReturnType<typeof signedInUser>>;

const png = (seed: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: seed, g: 80, b: 140 } } })
    .png()
    .toBuffer();

async function createPost(person: Person, key: string | undefined, description: string, photo?: Buffer) {
  const form = await multipartBody(
    { description, property_type: 'office', location: 'Riyadh' },
    photo ? [{ name: 'front.png', bytes: photo, type: 'image/png' }] : [],
    'media[]',
  );
  return app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: form.payload,
    headers: { ...person.auth, ...form.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
}

const postsNamed = async (description: string) =>
  z
    .object({ rows: z.array(z.object({ id: z.number() })) })
    .parse(await database.db.execute(sql`select id from posts where description = ${description}`)).rows;

const photoFiles = async () =>
  z
    .object({ rows: z.array(z.object({ n: z.number() })) })
    .parse(await database.db.execute(sql`select count(*)::int as n from post_media`)).rows[0]?.n;

describe('creating a post with an Idempotency-Key', () => {
  it('answers a repeat with the first answer (status and body) and stores one post', async () => {
    const person = await signedInUser(app, messages);
    const photo = await png(1);
    const first = await createPost(person, 'compose-1', 'Once only, please', photo);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const mediaBefore = await photoFiles();
    const again = await createPost(person, 'compose-1', 'Once only, please', photo);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await postsNamed('Once only, please')).toHaveLength(1);
    expect(await photoFiles()).toBe(mediaBefore);
  });

  it('answers two requests racing with the same key with one post', async () => {
    const person = await signedInUser(app, messages);
    const photo = await png(2);
    const answers = await Promise.all(
      [0, 1, 2].map(() => createPost(person, 'race-key', 'Sent three times at once', photo)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const ids = new Set(answers.map((a) => a.json().data.id));
    expect(ids.size).toBe(1);
    expect(await postsNamed('Sent three times at once')).toHaveLength(1);
  });

  it('refuses the same key with a different form (422), and keys are per user', async () => {
    const person = await signedInUser(app, messages);
    const other = await signedInUser(app, messages);
    expect((await createPost(person, 'shared-key', 'First text')).statusCode).toBe(201);
    const changed = await createPost(person, 'shared-key', 'Another text');
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toBe(TEXT.idempotencyKeyReused);
    // Another photo is another form too.
    const withPhoto = await createPost(person, 'photo-key', 'Same words', await png(3));
    expect(withPhoto.statusCode).toBe(201);
    const otherPhoto = await createPost(person, 'photo-key', 'Same words', await png(4));
    expect(otherPhoto.statusCode).toBe(422);
    expect(await postsNamed('Another text')).toHaveLength(0);
    // The same key from someone else is theirs.
    const theirs = await createPost(other, 'shared-key', 'Another text');
    expect(theirs.statusCode).toBe(201);
    expect(await postsNamed('Another text')).toHaveLength(1);
  });

  it('without a key, each request is a post; a malformed key is refused', async () => {
    const person = await signedInUser(app, messages);
    expect((await createPost(person, undefined, 'No key here')).statusCode).toBe(201);
    expect((await createPost(person, undefined, 'No key here')).statusCode).toBe(201);
    expect(await postsNamed('No key here')).toHaveLength(2);
    const bad = await createPost(person, 'has spaces in it', 'Bad key');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(TEXT.idempotencyKeyInvalid);
    expect(await postsNamed('Bad key')).toHaveLength(0);
  });

  it('a refused form gives the key up: the corrected form with the same key is stored', async () => {
    const person = await signedInUser(app, messages);
    const form = await multipartBody({ description: 'Missing its type', location: 'Riyadh' }, [], 'media[]');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: form.payload,
      headers: { ...person.auth, ...form.headers, 'idempotency-key': 'fix-and-retry' },
    });
    expect(refused.statusCode).toBe(422);
    // The same form again is checked again (nothing was stored), not answered from a record.
    expect((await createPost(person, 'fix-and-retry', 'Now complete')).statusCode).toBe(201);
  });

  it('a key is kept 24 hours; a node that died after committing, or before, is recovered from', async () => {
    const person = await signedInUser(app, messages);
    expect((await createPost(person, 'day-key', 'Day one')).statusCode).toBe(201);
    advance(25 * 60 * 60_000);
    expect((await createPost(person, 'day-key', 'Day one')).statusCode).toBe(201);
    expect(await postsNamed('Day one')).toHaveLength(2);

    // The first request committed its post and died before keeping its answer: a repeat gets the post.
    const committed = await createPost(person, 'died-after', 'Committed then died');
    await database.db.execute(
      sql`update idempotency_keys set status_code = null, response = null where key = 'died-after'`,
    );
    const repeat = await createPost(person, 'died-after', 'Committed then died');
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().data.id).toBe(committed.json().data.id);
    expect(await postsNamed('Committed then died')).toHaveLength(1);

    // A claim whose request died before creating anything is taken over once its lease lapsed.
    const claimed = await createPost(person, 'died-before', 'Claimed then died');
    const id = claimed.json().data.id;
    await database.db.execute(sql`delete from posts where id = ${id}`);
    await database.db.execute(
      sql`update idempotency_keys set status_code = null, response = null, resource_id = null where key = 'died-before'`,
    );
    advance(60_000);
    const taken = await createPost(person, 'died-before', 'Claimed then died');
    expect(taken.statusCode).toBe(201);
    expect(taken.json().data.id).not.toBe(id);
    expect(await postsNamed('Claimed then died')).toHaveLength(1);
  });

  it('is documented in OpenAPI as a header of POST /api/posts', () => {
    const doc = app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const parameters = doc.paths['/api/posts']?.post?.parameters ?? [];
    expect(parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
  });
});
