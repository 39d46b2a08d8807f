import type { Notification } from '@makan/contract/notifications';
import { SAVED_SEARCHES_MAX } from '@makan/contract/saved-search-words';
import type { CreateSavedSearchRequest, SavedSearch } from '@makan/contract/saved-searches';
import { TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { createListing } from '../../test/listings.ts';
import { notificationQueueEmpty } from '../../test/queue.ts';
import { createTestApp } from '../../test/test-app.ts';
import { scaled } from '../../test/time-scale.ts';
import { requestAs, signedInUser } from '../../test/users.ts';

/**
 * Saved searches (issue 23) over HTTP: saved, listed, renamed, paused, run and deleted by their owner
 * only; each criterion alone and together, keywords in English and Arabic; a listing that appears
 * or changes into a search (a price drop, back on the market) is told once per search, at once in
 * the bell or in the daily email, never one's own nor a blocked person's.
 */

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
/** The server's clock runs ahead by this much (the daily email waits a day between two). */
let ahead = 0;
let riyadh: number;
let jeddah: number;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  ({ app, database } = await createTestApp(
    { SAVED_SEARCH_DIGEST_COLLECT_MINUTES: '1', NOTIFICATIONS_EVERY_SECONDS: '1' },
    { mailer: messages.mailer, sms: messages.sms, clock: { now: () => new Date(Date.now() + ahead) } },
  ));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const city = async (q: string) =>
    (await app.inject({ method: 'GET', url: `/api/cities?q=${q}` })).json().data[0].id as number;
  riyadh = await city('Riyadh');
  jeddah = await city('Jeddah');
});
afterAll(() => app?.close());

const api = requestAs(() => app);
const person = (name: string, language: 'en' | 'ar' = 'en') =>
  signedInUser(app, messages, { name, language });

async function save(user: User, body: CreateSavedSearchRequest): Promise<SavedSearch> {
  const res = await api(user, 'POST', '/api/saved-searches', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const saved = async (user: User): Promise<SavedSearch[]> =>
  (await api(user, 'GET', '/api/saved-searches')).json().data.saved_searches;

/** Waits until the queue is empty (the worker has written every notification). */
const settled = () => notificationQueueEmpty(database, 15_000);

async function bell(user: User): Promise<Notification[]> {
  return (await api(user, 'GET', '/api/notifications')).json().data.notifications;
}
const alerts = async (user: User) => (await bell(user)).filter((n) => n.kind === 'search');

const listing = (user: User, description: string, fields: Record<string, string> = {}) =>
  createListing(app, user, description, fields);

describe('saving', () => {
  it('saves with a name made from the criteria in the owner language, lists them newest first, with the limit', async () => {
    const sara = await person('Sara Saved');
    const first = await save(sara, {
      criteria: {
        property_types: ['warehouse', 'office'],
        city_ids: [riyadh],
        purpose: 'rent',
        price_max: 500000,
        currency: 'SAR',
      },
    });
    expect(first).toMatchObject({
      // The web offers the same name: both say the criteria with the contract's words.
      name: 'Office Space or Warehouse · for rent · Riyadh · Price up to SAR\u00a0500,000',
      criteria: {
        keyword: null,
        property_types: ['office', 'warehouse'],
        city_ids: [riyadh],
        purpose: 'rent',
        currency: 'SAR',
        price_min: null,
        price_max: 500000,
      },
      frequency: 'instant',
      paused: false,
      new_count: 0,
      last_opened_at: null,
    });
    const second = await save(sara, {
      name: '  Sea view  ',
      criteria: { keyword: 'sea view' },
      frequency: 'daily',
    });
    expect(second).toMatchObject({ name: 'Sea view', frequency: 'daily', criteria: { keyword: 'sea view' } });
    const list = await api(sara, 'GET', '/api/saved-searches');
    expect(list.json().data).toMatchObject({ max: SAVED_SEARCHES_MAX });
    expect((await saved(sara)).map((s) => s.id)).toEqual([second.id, first.id]);

    const huda = await person('Huda Arabic', 'ar');
    const arabic = await save(huda, {
      criteria: { property_types: ['warehouse'], city_ids: [jeddah], purpose: 'sale' },
    });
    expect(arabic.name).toBe('مستودع · للبيع · جدة');
  });

  it('refuses what looks for nothing, ranges upside down, unknown cities and types, in the spec words', async () => {
    const omar = await person('Omar Refused');
    const cases: [object, string, string][] = [
      [{ criteria: {} }, 'criteria', TEXT.savedSearchEmpty],
      [{ criteria: { keyword: '   ' } }, 'criteria', TEXT.savedSearchEmpty],
      [{ criteria: { price_min: 10, price_max: 5 } }, 'criteria.price_max', TEXT.priceRange],
      [{ criteria: { area_min: 500, area_max: 50 } }, 'criteria.area_max', TEXT.areaRange],
      [{ criteria: { city_ids: [99999999] } }, 'criteria.city_ids', TEXT.unknownCity],
      [{ name: 'x'.repeat(81), criteria: { purpose: 'rent' } }, 'name', 'Must be at most 80 characters'],
    ];
    for (const [body, field, text] of cases) {
      const res = await api(omar, 'POST', '/api/saved-searches', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(text);
      expect(res.json().status, field).toBe(false);
    }
    const badType = await api(omar, 'POST', '/api/saved-searches', {
      criteria: { property_types: ['castle'] },
    });
    expect(badType.statusCode).toBe(422);
    expect(await saved(omar)).toEqual([]);
    expect((await api(null, 'GET', '/api/saved-searches')).statusCode).toBe(401);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX}, even when saved all at once, with its text`, async () => {
    const many = await person('Many Searches');
    const answers = await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX + 3 }, (_, i) =>
        api(many, 'POST', '/api/saved-searches', { criteria: { price_min: i } }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(SAVED_SEARCHES_MAX);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(3);
    for (const res of refused) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        status: false,
        message: 'You can save up to 20 searches. Delete one to save another.',
        code: 'savedSearchLimit',
      });
    }
    expect(await saved(many)).toHaveLength(SAVED_SEARCHES_MAX);
    // One deleted: one more may be saved.
    const [one] = await saved(many);
    expect((await api(many, 'DELETE', `/api/saved-searches/${one?.id}`)).statusCode).toBe(200);
    await save(many, { criteria: { purpose: 'sale' } });
  });

  it('renames, pauses, changes frequency and deletes only one own searches; another user gets 404', async () => {
    const owner = await person('Owner Own');
    const other = await person('Other Nosy');
    const search = await save(owner, { criteria: { purpose: 'rent' } });
    const renamed = await api(owner, 'PATCH', `/api/saved-searches/${search.id}`, { name: 'Rentals' });
    expect(renamed.json().data).toMatchObject({ name: 'Rentals', paused: false, frequency: 'instant' });
    const paused = await api(owner, 'PATCH', `/api/saved-searches/${search.id}`, {
      paused: true,
      frequency: 'daily',
    });
    expect(paused.json().data).toMatchObject({ name: 'Rentals', paused: true, frequency: 'daily' });
    expect((await api(owner, 'PATCH', `/api/saved-searches/${search.id}`, {})).statusCode).toBe(422);
    expect((await api(owner, 'PATCH', `/api/saved-searches/${search.id}`, { name: ' ' })).statusCode).toBe(
      422,
    );

    for (const [method, url, body] of [
      ['PATCH', `/api/saved-searches/${search.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/saved-searches/${search.id}`, undefined],
      ['GET', `/api/saved-searches/${search.id}/posts`, undefined],
    ] as const) {
      const res = await api(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(TEXT.savedSearchNotFound);
    }
    expect(await saved(other)).toEqual([]);
    expect((await saved(owner))[0]).toMatchObject({ name: 'Rentals' });
    expect((await api(owner, 'DELETE', `/api/saved-searches/${search.id}`)).statusCode).toBe(200);
    expect((await api(owner, 'DELETE', `/api/saved-searches/${search.id}`)).statusCode).toBe(404);
    expect(await saved(owner)).toEqual([]);
  });
});

describe('matching', () => {
  it('tells each search whose every criterion a new listing meets, and no other', async () => {
    const buyer = await person('Buyer Many');
    const seller = await person('Seller Posts');
    const searches = {
      type: await save(buyer, { name: 'type', criteria: { property_types: ['land'] } }),
      city: await save(buyer, { name: 'city', criteria: { city_ids: [jeddah] } }),
      purpose: await save(buyer, { name: 'purpose', criteria: { purpose: 'wanted' } }),
      price: await save(buyer, {
        name: 'price',
        criteria: { currency: 'AED', price_min: 1000, price_max: 2000 },
      }),
      area: await save(buyer, { name: 'area', criteria: { area_min: 700, area_max: 800 } }),
      keyword: await save(buyer, { name: 'keyword', criteria: { keyword: 'harbour crane' } }),
      arabic: await save(buyer, { name: 'arabic', criteria: { keyword: 'مستودعات' } }),
      prefix: await save(buyer, { name: 'prefix', criteria: { keyword: 'cowork' } }),
      combined: await save(buyer, {
        name: 'combined',
        criteria: {
          property_types: ['retail', 'office'],
          city_ids: [riyadh, jeddah],
          purpose: 'sale',
          currency: 'SAR',
          price_max: 900000,
          area_min: 100,
        },
      }),
    };
    const matchedBy = async (postId: number) => {
      await settled();
      const rows = await database.db.execute(
        sql`select s.name from saved_search_matches m join saved_searches s on s.id = m.search_id
          where m.post_id = ${postId} and s.user_id = ${buyer.id} order by s.name`,
      );
      return (rows as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    };
    const land = await listing(seller, 'A plot', { property_type: 'land' });
    expect(await matchedBy(land)).toEqual(['type']);
    const inJeddah = await listing(seller, 'Near the corniche', { location_id: String(jeddah) });
    expect(await matchedBy(inJeddah)).toEqual(['city']);
    const wanted = await listing(seller, 'Looking for space', { purpose: 'wanted' });
    expect(await matchedBy(wanted)).toEqual(['purpose']);
    const priced = await listing(seller, 'Priced', { price: '1500', currency: 'AED' });
    expect(await matchedBy(priced)).toEqual(['price']);
    const otherCurrency = await listing(seller, 'Priced elsewhere', { price: '1500', currency: 'SAR' });
    expect(await matchedBy(otherCurrency)).toEqual([]);
    const sized = await listing(seller, 'Sized', { area_m2: '750' });
    expect(await matchedBy(sized)).toEqual(['area']);
    const words = await listing(seller, 'Yard with a Harbour view and a big crane');
    expect(await matchedBy(words)).toEqual(['keyword']);
    const oneWord = await listing(seller, 'A harbour yard');
    expect(await matchedBy(oneWord)).toEqual([]);
    const arabic = await listing(seller, 'للإيجار والمستودعات في الدمام');
    expect(await matchedBy(arabic)).toEqual(['arabic']);
    const prefix = await listing(seller, 'Coworking desks downtown');
    expect(await matchedBy(prefix)).toEqual(['prefix']);
    const all = await listing(seller, 'Shop on the high street', {
      property_type: 'retail',
      location_id: String(riyadh),
      purpose: 'sale',
      price: '850000',
      currency: 'SAR',
      area_m2: '120',
    });
    expect(await matchedBy(all)).toEqual(['combined']);
    const almost = await listing(seller, 'Shop, too big a price', {
      property_type: 'retail',
      location_id: String(riyadh),
      purpose: 'sale',
      price: '950000',
      currency: 'SAR',
      area_m2: '120',
    });
    expect(await matchedBy(almost)).toEqual([]);

    // The bell: one alert per matching listing, from its author, opening the listing, named after the search.
    const told = await alerts(buyer);
    expect(told.map((n) => n.post_id).sort()).toEqual(
      [land, inJeddah, wanted, priced, sized, words, arabic, prefix, all].sort(),
    );
    expect(told.find((n) => n.post_id === all)).toMatchObject({
      kind: 'search',
      excerpt: 'combined',
      link: `/post/${all}`,
      actors: [{ id: seller.id, name: 'Seller Posts' }],
      read: false,
    });
    // 'New since last visit', per search; running one shows its listings and starts its count again.
    const counts = Object.fromEntries((await saved(buyer)).map((s) => [s.name, s.new_count]));
    expect(counts).toMatchObject({ type: 1, city: 1, combined: 1, keyword: 1 });
    const run = await api(buyer, 'GET', `/api/saved-searches/${searches.combined.id}/posts`);
    expect(run.statusCode).toBe(200);
    expect(run.json().data.posts.map((p: { id: number }) => p.id)).toEqual([all]);
    expect(run.json().data.saved_search).toMatchObject({ new_count: 0 });
    expect(run.json().data.saved_search.last_opened_at).not.toBeNull();
    expect((await saved(buyer)).find((s) => s.id === searches.combined.id)?.new_count).toBe(0);
  });

  it('tells a listing that changes into a search: a price drop, back on the market; once per listing', async () => {
    const buyer = await person('Buyer Waits');
    const seller = await person('Seller Changes');
    await save(buyer, {
      name: 'cheap shops',
      criteria: { property_types: ['retail'], currency: 'SAR', price_max: 500000 },
    });
    const shop = await listing(seller, 'Shop', { property_type: 'retail', price: '600000', currency: 'SAR' });
    await settled();
    expect(await alerts(buyer)).toEqual([]);
    // The price drops into the range: told.
    expect((await api(seller, 'PUT', `/api/posts/${shop}`, { price: 450000 })).statusCode).toBe(200);
    await settled();
    expect((await alerts(buyer)).map((n) => n.post_id)).toEqual([shop]);
    // It changes again, and again after being read: never a second time.
    const [alert] = await alerts(buyer);
    await api(buyer, 'POST', `/api/notifications/${alert?.id}/read`);
    await api(seller, 'PUT', `/api/posts/${shop}`, { price: 400000 });
    await api(seller, 'PUT', `/api/posts/${shop}`, { description: 'Shop, now cheaper' });
    await settled();
    expect(await alerts(buyer)).toHaveLength(1);
    expect((await alerts(buyer))[0]?.read).toBe(true);

    // Closed when first written, then back on the market: told then.
    const closed = await listing(seller, 'Shop two', {
      property_type: 'retail',
      price: '300000',
      currency: 'SAR',
      status: 'closed',
    });
    await settled();
    expect((await alerts(buyer)).map((n) => n.post_id)).toEqual([shop]);
    await api(seller, 'PUT', `/api/posts/${closed}`, { status: 'under_offer' });
    await settled();
    expect((await alerts(buyer)).map((n) => n.post_id)).toEqual([shop]);
    await api(seller, 'PUT', `/api/posts/${closed}`, { status: 'available' });
    await settled();
    expect((await alerts(buyer)).map((n) => n.post_id)).toEqual([closed, shop]);
  });

  it('never tells of one own listings, of blocked people either way, nor while paused', async () => {
    const buyer = await person('Buyer Careful');
    const blocked = await person('Blocked Seller');
    const blocker = await person('Blocking Seller');
    const fine = await person('Fine Seller');
    const search = await save(buyer, { criteria: { keyword: 'greenhouse' } });
    await api(buyer, 'POST', `/api/users/${blocked.id}/block`);
    await api(blocker, 'POST', `/api/users/${buyer.id}/block`);
    await listing(buyer, 'My own greenhouse');
    await listing(blocked, 'Greenhouse from someone blocked');
    await listing(blocker, 'Greenhouse from someone who blocked me');
    const ok = await listing(fine, 'Greenhouse for all');
    await settled();
    expect((await alerts(buyer)).map((n) => n.post_id)).toEqual([ok]);
    const run = await api(buyer, 'GET', `/api/saved-searches/${search.id}/posts`);
    expect(run.json().data.posts.map((p: { id: number }) => p.id)).toEqual([ok]);

    // Paused: nothing; resumed, the next listing is told.
    await api(buyer, 'PATCH', `/api/saved-searches/${search.id}`, { paused: true });
    const whilePaused = await listing(fine, 'Greenhouse while paused');
    await settled();
    expect((await alerts(buyer)).map((n) => n.post_id)).toEqual([ok]);
    await api(buyer, 'PATCH', `/api/saved-searches/${search.id}`, { paused: false });
    const after = await listing(fine, 'Greenhouse after');
    await settled();
    expect((await alerts(buyer)).map((n) => n.post_id)).toEqual([after, ok]);
    expect((await alerts(buyer)).map((n) => n.post_id)).not.toContain(whilePaused);
  });

  it('sends daily searches in one email a day, in the owner language, not in the bell', async () => {
    const buyer = await person('Buyer Daily', 'ar');
    const seller = await person('Seller Daily');
    await save(buyer, {
      name: 'مستودعات الرياض',
      criteria: { property_types: ['warehouse'], city_ids: [riyadh] },
      frequency: 'daily',
    });
    const one = await listing(seller, 'Big warehouse', {
      property_type: 'warehouse',
      location_id: String(riyadh),
      price: '1200000',
      currency: 'SAR',
    });
    const two = await listing(seller, 'Small warehouse', {
      property_type: 'warehouse',
      location_id: String(riyadh),
    });
    await settled();
    expect(await alerts(buyer)).toEqual([]);
    const mailsTo = () => messages.mails.filter((m) => m.to === buyer.email && /بحث/.test(m.subject));
    // Collected for a minute (SAVED_SEARCH_DIGEST_COLLECT_MINUTES), so the two go in one email.
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo()).toHaveLength(0);
    ahead += 2 * 60_000;
    await expect.poll(() => mailsTo().length, { timeout: scaled(15_000) }).toBe(1);
    const [mail] = mailsTo();
    expect(mail?.subject).toBe('2 إعلانات جديدة لعمليات بحثك المحفوظة');
    expect(mail?.text).toContain('بحثك «\u2068مستودعات الرياض\u2069»');
    expect(mail?.text).toContain(`/post/${one}`);
    expect(mail?.text).toContain(`/post/${two}`);
    expect(mail?.text).toContain('مستودع · الرياض');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/unsubscribe\?token=/);

    // A third the same day waits for tomorrow's email.
    const three = await listing(seller, 'Third warehouse', {
      property_type: 'warehouse',
      location_id: String(riyadh),
    });
    await settled();
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailsTo()).toHaveLength(1);
    ahead += 25 * 3_600_000;
    try {
      await expect.poll(() => mailsTo().length, { timeout: scaled(15_000) }).toBe(2);
    } finally {
      ahead = 0;
    }
    const second = mailsTo()[1];
    expect(second?.subject).toBe('إعلان جديد لعمليات بحثك المحفوظة');
    expect(second?.text).toContain(`/post/${three}`);
    expect(second?.text).not.toContain(`/post/${one}`);
  });
});
