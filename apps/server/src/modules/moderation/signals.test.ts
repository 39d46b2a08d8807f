import { SIGNALS } from '@makan/contract/moderation';
import { TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import type { FileSpec } from '../../test/form.ts';
import { createListing } from '../../test/listings.ts';
import { createTestApp } from '../../test/test-app.ts';
import { requestAs, signedInUser } from '../../test/users.ts';
import { differenceHash } from '../media/image-store.ts';

/**
 * Signals and licences (issue 21): the server flags a listing whose photo is another account's
 * (perceptual hash: the same picture re-encoded and resized still matches) and a new account
 * posting many listings, in a Signals queue of their own; moderators check advertising licence
 * numbers, which listings then show as checked until the number changes.
 */

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  ({ app, database } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms }));
});
afterAll(async () => {
  await app?.close();
});

const api = requestAs(() => app);

async function moderator() {
  const user = await signedInUser(app, messages, { name: 'Mona Moderator' });
  await database.db.execute(sql`update users set role = 'moderator' where id = ${user.id}`);
  return user;
}

/** A photo-like picture: random blocks of grey, from a seed (the same seed, the same picture). */
async function texture(seed: number, width = 960, height = 720) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const cells = Buffer.alloc(16 * 12 * 3);
  for (let i = 0; i < cells.length; i++) cells[i] = Math.floor(next() * 256);
  return sharp(cells, { raw: { width: 16, height: 12, channels: 3 } }).resize(width, height, {
    kernel: 'cubic',
  });
}
const png = async (seed: number): Promise<FileSpec> => ({
  name: 'photo.png',
  type: 'image/png',
  bytes: await (await texture(seed)).png().toBuffer(),
});
/** The same picture as `png(seed)`, smaller and re-encoded as a JPEG, as a copier would post it. */
const copied = async (seed: number): Promise<FileSpec> => ({
  name: 'copy.jpg',
  type: 'image/jpeg',
  bytes: await (await texture(seed)).resize(640, 480).jpeg({ quality: 70 }).toBuffer(),
});
const plain = async (): Promise<FileSpec> => ({
  name: 'plain.png',
  type: 'image/png',
  bytes: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8899aa' } })
    .png()
    .toBuffer(),
});

const post = (user: User, description: string, photos: FileSpec[] = []) =>
  createListing(app, user, description, { property_type: 'retail', location: 'King Road' }, photos);

type Item = { target_type: string; target_id: number; reasons: string[]; reports_count: number };
const queue = async (mod: User, kind?: 'reports' | 'signals') =>
  (await api(mod, 'GET', `/api/admin/reports${kind ? `?kind=${kind}` : ''}`)).json().data.items as Item[];

describe('the difference hash', () => {
  it('matches a picture re-encoded and resized, tells different pictures apart, and gives plain ones none', async () => {
    const distance = (a: bigint, b: bigint) =>
      BigInt.asUintN(64, a ^ b)
        .toString(2)
        .replaceAll('0', '').length;
    const original = await differenceHash(await texture(1));
    const copy = await differenceHash(sharp((await copied(1)).bytes));
    const other = await differenceHash(await texture(2));
    if (original === null || copy === null || other === null) throw new Error('textures should hash');
    expect(distance(original, copy)).toBeLessThanOrEqual(SIGNALS.photoDistanceMax);
    expect(distance(original, other)).toBeGreaterThan(SIGNALS.photoDistanceMax * 2);
    expect(await differenceHash(sharp((await plain()).bytes))).toBeNull();
  });
});

describe('signals', () => {
  it("flags a listing with another account's photo, in the Signals queue only, with the listing it copies", async () => {
    const mod = await moderator();
    const owner = await signedInUser(app, messages);
    const copier = await signedInUser(app, messages);
    const stranger = await signedInUser(app, messages);
    const original = await post(owner, 'Corner shop on King Road', [await png(11)]);
    // The owner's second listing with their own photo is not a signal.
    const ownAgain = await post(owner, 'The same shop, for rent', [await png(11)]);
    const copy = await post(copier, 'Cheap shop, pay deposit first', [await plain(), await copied(11)]);
    const unrelated = await post(stranger, 'Another shop', [await png(12)]);
    // Plain pictures tell nothing: two accounts posting the same flat colour are not flagged.
    const flatA = await post(owner, 'Plain photo', [await plain()]);
    const flatB = await post(stranger, 'Plain photo too', [await plain()]);

    const signals = await queue(mod, 'signals');
    const flagged = signals.filter((i) => i.target_type === 'post').map((i) => i.target_id);
    expect(flagged).toContain(copy);
    for (const id of [original, ownAgain, unrelated, flatA, flatB]) expect(flagged).not.toContain(id);
    expect(signals.find((i) => i.target_id === copy)).toMatchObject({
      reasons: ['duplicate_photo'],
      reports_count: 1,
    });
    // Members' reports and signals are two queues.
    expect((await queue(mod)).some((i) => i.target_id === copy)).toBe(false);
    expect((await queue(mod, 'reports')).some((i) => i.target_id === copy)).toBe(false);

    const view = (await api(mod, 'GET', `/api/admin/reports/post/${copy}`)).json().data;
    expect(view.author.id).toBe(copier.id);
    expect(view.reports).toHaveLength(1);
    expect(view.reports[0]).toMatchObject({
      reporter: null,
      signal: true,
      reason: 'duplicate_photo',
      related_post_ids: [original, ownAgain],
      status: 'open',
    });

    // Posted again with the copied photo: the open signal gathers the listings, no second line.
    const copyAgain = await post(copier, 'Cheap shop again', [await copied(11)]);
    const again = (await api(mod, 'GET', `/api/admin/reports/post/${copyAgain}`)).json().data;
    expect(again.reports[0].related_post_ids).toEqual([original, ownAgain]);

    // A moderator acts on a signal as on a report: dismissed, it leaves the queue.
    const dismissed = await api(mod, 'POST', `/api/admin/reports/post/${copy}/dismiss`, {});
    expect(dismissed.statusCode).toBe(200);
    expect((await queue(mod, 'signals')).some((i) => i.target_id === copy)).toBe(false);
    // The queue's kind is one of two.
    const bad = await api(mod, 'GET', '/api/admin/reports?kind=everything');
    expect(bad.statusCode).toBe(422);
    expect((await api(owner, 'GET', '/api/admin/reports?kind=signals')).statusCode).toBe(403);
  });

  it('flags a new account posting many listings within a day, not an established one, nor fewer', async () => {
    const mod = await moderator();
    const newcomer = await signedInUser(app, messages);
    const steady = await signedInUser(app, messages);
    const established = await signedInUser(app, messages);
    await database.db.execute(
      sql`update users set created_at = now() - interval '30 days' where id = ${established.id}`,
    );
    const burst: number[] = [];
    for (let i = 0; i < SIGNALS.burstListings; i++) {
      burst.push(await post(newcomer, `Warehouse ${i + 1}`));
      if (i < SIGNALS.burstListings - 1) await post(steady, `Office ${i + 1}`);
      await post(established, `Land ${i + 1}`);
    }
    const users = (await queue(mod, 'signals')).filter((i) => i.target_type === 'user');
    expect(users.map((i) => i.target_id)).toContain(newcomer.id);
    expect(users.map((i) => i.target_id)).not.toContain(steady.id);
    expect(users.map((i) => i.target_id)).not.toContain(established.id);
    const view = (await api(mod, 'GET', `/api/admin/reports/user/${newcomer.id}`)).json().data;
    expect(view.reports[0]).toMatchObject({
      signal: true,
      reason: 'new_account_burst',
      related_post_ids: burst,
    });

    // Suspending the account closes its signal with its reports.
    await api(mod, 'POST', `/api/admin/users/${newcomer.id}/suspend`, { reason: 'Spam listings', days: 3 });
    expect((await queue(mod, 'signals')).some((i) => i.target_id === newcomer.id)).toBe(false);
  });
});

describe('licences', () => {
  it('are checked by moderators, shown on the listing, and cleared when the number changes', async () => {
    const mod = await moderator();
    const member = await signedInUser(app, messages, { user_type: 'developer' });
    const viewer = await signedInUser(app, messages);
    const licensed = await createListing(app, member, 'Licensed offices', {
      property_type: 'office',
      location: 'Olaya',
      licence_number: '7200123456',
    });
    const unlicensed = await post(member, 'No licence here');
    const read = async (id: number) => (await api(viewer, 'GET', `/api/posts/${id}`)).json().data;
    expect(await read(licensed)).toMatchObject({ licence_number: '7200123456', licence_checked: false });

    // Members see none of it and change nothing.
    expect((await api(member, 'GET', '/api/admin/licences')).statusCode).toBe(403);
    expect(
      (await api(member, 'POST', `/api/admin/posts/${licensed}/licence`, { checked: true })).statusCode,
    ).toBe(403);
    expect((await read(licensed)).licence_checked).toBe(false);

    const pending = (await api(mod, 'GET', '/api/admin/licences')).json().data.items as {
      post_id: number;
      licence_number: string;
      author: { id: number };
      content: { text: string };
    }[];
    const line = pending.find((i) => i.post_id === licensed);
    expect(line).toMatchObject({
      licence_number: '7200123456',
      checked: false,
      author: { id: member.id },
      content: { text: 'Licensed offices' },
    });
    expect(pending.some((i) => i.post_id === unlicensed)).toBe(false);

    const noBody = await api(mod, 'POST', `/api/admin/posts/${licensed}/licence`, {});
    expect(noBody.statusCode).toBe(422);
    const missing = await api(mod, 'POST', `/api/admin/posts/${unlicensed}/licence`, { checked: true });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(TEXT.licenceMissing);
    expect((await read(unlicensed)).licence_checked).toBe(false);
    expect((await api(mod, 'POST', '/api/admin/posts/999999/licence', { checked: true })).statusCode).toBe(
      404,
    );

    const checked = await api(mod, 'POST', `/api/admin/posts/${licensed}/licence`, { checked: true });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().message).toBe(TEXT.licenceChecked);
    expect((await read(licensed)).licence_checked).toBe(true);
    const after = (await api(mod, 'GET', '/api/admin/licences')).json().data.items as { post_id: number }[];
    expect(after.some((i) => i.post_id === licensed)).toBe(false);
    const audit = (await api(mod, 'GET', `/api/admin/audit?target_user_id=${member.id}`)).json().data.entries;
    expect(audit[0]).toMatchObject({
      action: 'check_licence',
      target_type: 'post',
      target_id: licensed,
      moderator: { id: mod.id },
      details: { licence_number: '7200123456' },
    });

    // An edit that keeps the number keeps the check; a new number needs a new check.
    const keep = await api(member, 'PUT', `/api/posts/${licensed}`, {
      description: 'Licensed offices, 2 floors',
    });
    expect(keep.json().data.licence_checked).toBe(true);
    const same = await api(member, 'PUT', `/api/posts/${licensed}`, { licence_number: '7200123456' });
    expect(same.json().data.licence_checked).toBe(true);
    const changed = await api(member, 'PUT', `/api/posts/${licensed}`, { licence_number: '7200999999' });
    expect(changed.json().data).toMatchObject({ licence_number: '7200999999', licence_checked: false });
    expect(
      ((await api(mod, 'GET', '/api/admin/licences')).json().data.items as { post_id: number }[]).some(
        (i) => i.post_id === licensed,
      ),
    ).toBe(true);

    await api(mod, 'POST', `/api/admin/posts/${licensed}/licence`, { checked: true });
    const unchecked = await api(mod, 'POST', `/api/admin/posts/${licensed}/licence`, { checked: false });
    expect(unchecked.json().message).toBe(TEXT.licenceUnchecked);
    expect((await read(licensed)).licence_checked).toBe(false);
  });
});
