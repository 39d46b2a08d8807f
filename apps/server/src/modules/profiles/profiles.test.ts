import { TEXT } from '@makan/contract/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { capturedMessages, manualClock } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';

const messages = capturedMessages();
const { clock, advance } = manualClock();
let app: App;

beforeAll(async () => {
  ({ app } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms, clock }));
  await app.ready();
});
afterAll(() => app?.close());

const user = (overrides: Parameters<typeof signedInUser>[2] = {}) => signedInUser(app, messages, overrides);
type Auth = { auth: Record<string, string> };
const get = (url: string, who?: Auth) => app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: Auth, payload?: object) =>
  app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

describe('onboarding', () => {
  it('lists the three steps with options in both languages', async () => {
    const res = await get('/api/onboarding/questions');
    const steps = res.json().data.steps;
    expect(steps.map((s: { key: string }) => s.key)).toEqual([
      'purpose',
      'property_types',
      'preferred_locations',
    ]);
    expect(steps[1].options).toContainEqual({
      value: 'office',
      label_en: 'Office Space',
      label_ar: 'مساحة مكتبية',
    });
    expect(steps[2].search).toBe('/api/cities');
  });

  it('is complete only with a purpose, a property type and a real city: the server enforces it', async () => {
    const u = await user();
    const cases: [object, Record<string, string[]>][] = [
      [{ property_types: ['office'], preferred_locations: [1] }, { purpose: [TEXT.required] }],
      [
        { purpose: 'rent', property_types: [], preferred_locations: [1] },
        { property_types: [TEXT.selectPropertyType] },
      ],
      [
        { purpose: 'rent', property_types: ['office'], preferred_locations: [] },
        { preferred_locations: [TEXT.selectLocation] },
      ],
      [
        { purpose: 'rent', property_types: ['castle'], preferred_locations: [1] },
        { 'property_types.0': [TEXT.invalidPropertyType] },
      ],
      [
        { purpose: 'rent', property_types: ['office'], preferred_locations: [999999] },
        { preferred_locations: [TEXT.unknownCity] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await send('POST', '/api/onboarding/preferences', u, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await get('/api/onboarding/status', u)).json().data.completed).toBe(false);
    expect((await get('/api/user', u)).json().data.preferences).toBeNull();

    const ok = await send('POST', '/api/onboarding/preferences', u, {
      purpose: 'rent',
      property_types: ['office', 'retail', 'office'],
      preferred_locations: [1, 2],
    });
    expect(ok.json()).toMatchObject({
      status: true,
      message: TEXT.preferencesSaved,
      data: {
        preferences: { purpose: 'rent', property_types: ['office', 'retail'], preferred_locations: [1, 2] },
      },
    });
    expect((await get('/api/onboarding/status', u)).json().data).toMatchObject({ completed: true });
    expect((await get('/api/user/preferences', u)).json().data.purpose).toBe('rent');
    const put = await send('PUT', '/api/user/preferences', u, {
      purpose: 'buy',
      property_types: ['land'],
      preferred_locations: [3],
    });
    expect(put.json().data.preferences).toEqual({
      purpose: 'buy',
      property_types: ['land'],
      preferred_locations: [3],
    });
  });

  it('keeps partial answers across a reload', async () => {
    const u = await user();
    await send('POST', '/api/onboarding/progress', u, { step: 2, purpose: 'list' });
    await send('POST', '/api/onboarding/progress', u, { step: 3, property_types: ['warehouse'] });
    const status = (await get('/api/onboarding/status', u)).json().data;
    expect(status).toEqual({
      completed: false,
      step: 3,
      preferences: null,
      progress: { purpose: 'list', property_types: ['warehouse'], preferred_locations: [] },
    });
  });

  it('needs a signed-in user', async () => {
    expect((await get('/api/onboarding/status')).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/onboarding/preferences', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('profiles', () => {
  it('edits your own name, bio and link; validates them', async () => {
    const u = await user();
    const res = await send('POST', '/api/profile', u, {
      name: 'Nadia Saleh',
      bio: 'Office broker in Riyadh',
      link: 'https://nadia.example',
    });
    expect(res.json()).toMatchObject({
      message: TEXT.profileUpdated,
      data: {
        name: 'Nadia Saleh',
        profile: { bio: 'Office broker in Riyadh', link: 'https://nadia.example' },
      },
    });
    const bad = await send('POST', '/api/profile', u, { link: 'javascript:alert(1)', bio: 'x'.repeat(501) });
    expect(bad.json().errors).toEqual({ link: [TEXT.invalidLink], bio: ['Must be at most 500 characters'] });
    const cleared = await send('POST', '/api/profile', u, { bio: '' });
    expect(cleared.json().data.profile.bio).toBeNull();
  });

  it('a user cannot change another user: every write acts on the token owner only', async () => {
    const a = await user({ name: 'Owner One' });
    const b = await user({ name: 'Other Two' });
    await send('POST', '/api/profile', b, { bio: 'mine', id: a.id, user_id: a.id } as object);
    expect((await get(`/api/profiles/${a.id}`, b)).json().data.profile.bio).toBeNull();
    await send('POST', '/api/profile/contact-visibility', b, { hide_contact: 1, user_id: a.id } as object);
    expect((await get(`/api/profiles/${a.id}`, b)).json().data.contact_info.email).toBe(a.email);
    expect(
      (await app.inject({ method: 'POST', url: '/api/profile', payload: { bio: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('hides contact details from everyone but the owner', async () => {
    const owner = await user();
    const viewer = await user();
    const visible = (await get(`/api/profiles/${owner.id}`, viewer)).json().data;
    expect(visible.contact_info).toEqual({ email: owner.email, phone: owner.phone });

    const hide = await send('POST', '/api/profile/contact-visibility', owner, { hide_contact: 1 });
    expect(hide.json()).toMatchObject({
      message: TEXT.contactVisibilityUpdated,
      data: { profile: { hide_contact: true } },
    });
    for (const url of [`/api/profiles/${owner.id}`, `/api/profiles/${owner.id}/full`]) {
      const res = await get(url, viewer);
      expect(res.body).not.toContain(owner.email);
      expect(res.body).not.toContain(owner.phone);
    }
    const list = await get(`/api/profiles-list/all?q=${encodeURIComponent(owner.name)}`, viewer);
    expect(list.body).not.toContain(owner.email);
    expect((await get(`/api/profiles/${owner.id}`, owner)).json().data.contact_info.email).toBe(owner.email);
    expect((await get('/api/user', owner)).json().data.contact_info.email).toBe(owner.email);

    await send('POST', '/api/profile/contact-visibility', owner, { hide_contact: '0' });
    expect((await get(`/api/profiles/${owner.id}`, viewer)).json().data.contact_info.email).toBe(owner.email);
    const bad = await send('POST', '/api/profile/contact-visibility', owner, { hide_contact: 'maybe' });
    expect(bad.statusCode).toBe(422);
  });

  it('counts a view once per viewer per day, never the owner', async () => {
    const owner = await user();
    const viewer = await user();
    for (let i = 0; i < 3; i++) await get(`/api/profiles/${owner.id}`, viewer);
    await get(`/api/profiles/${owner.id}`, owner);
    expect((await get('/api/user', owner)).json().data.profile.views).toBe(1);
    advance(24 * 60 * 60_000);
    await get(`/api/profiles/${owner.id}`, viewer);
    expect((await get('/api/user', owner)).json().data.profile.views).toBe(2);
  });

  it('answers 404 for an unknown profile', async () => {
    const u = await user();
    const res = await get('/api/profiles/999999', u);
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(false);
  });
});

describe('following', () => {
  it('follows and unfollows, with counts and relations on both sides', async () => {
    const a = await user();
    const b = await user();
    const f = await send('POST', `/api/profiles/${b.id}/follow`, a);
    expect(f.json()).toMatchObject({
      message: TEXT.followed,
      data: { followers_count: 1, following_count: 0, is_following: true, is_followed_by: false },
    });
    const back = await send('POST', `/api/profiles/${a.id}/follow`, b);
    expect(back.json().data).toEqual({
      followers_count: 1,
      following_count: 1,
      is_following: true,
      is_followed_by: true,
    });
    expect((await get('/api/user', a)).json().data.follow_info).toMatchObject({
      followers_count: 1,
      following_count: 1,
    });
    const un = await send('DELETE', `/api/profiles/${b.id}/follow`, a);
    expect(un.json().data).toMatchObject({ followers_count: 0, is_following: false, is_followed_by: true });
  });

  it('refuses to follow yourself or an unknown user', async () => {
    const a = await user();
    const self = await send('POST', `/api/profiles/${a.id}/follow`, a);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(TEXT.cannotFollowSelf);
    expect((await send('POST', '/api/profiles/999999/follow', a)).statusCode).toBe(404);
  });

  it('keeps exact counts after 50 concurrent follow and unfollow requests', async () => {
    const target = await user();
    const fans = await Promise.all(Array.from({ length: 10 }, () => user()));
    // Each fan sends 5 requests at once: follow, unfollow, follow, unfollow, follow -> ends following
    // or not depending on order; the count must equal the rows that exist, whatever the order.
    const requests = fans.flatMap((fan, i) =>
      Array.from({ length: 5 }, (_, k) =>
        send(k % 2 === 0 || i % 2 === 0 ? 'POST' : 'DELETE', `/api/profiles/${target.id}/follow`, fan),
      ),
    );
    const answers = await Promise.all(requests);
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const relations = await Promise.all(
      fans.map(
        async (fan) => (await get(`/api/profiles/${target.id}`, fan)).json().data.follow_info.is_following,
      ),
    );
    const following = relations.filter(Boolean).length;
    const info = (await get(`/api/profiles/${target.id}`, fans[0] as Auth)).json().data.follow_info;
    expect(info.followers_count).toBe(following);
    // Fans with an even index only ever followed.
    expect(relations.filter((_, i) => i % 2 === 0).every(Boolean)).toBe(true);
    // A second round that ends with everyone following: exactly 10.
    await Promise.all(fans.map((fan) => send('POST', `/api/profiles/${target.id}/follow`, fan)));
    await Promise.all(fans.map((fan) => send('POST', `/api/profiles/${target.id}/follow`, fan)));
    expect((await get(`/api/profiles/${target.id}`, target)).json().data.follow_info.followers_count).toBe(
      10,
    );
  }, 60_000);
});

describe('lists of people and companies', () => {
  it('lists developers as companies, searchable, with keyset pages; public', async () => {
    const stamp = String(Date.now()).slice(-5);
    const names = ['Alpha', 'Beta', 'Gamma'].map(
      (n) => `${n} Towers ${'abcdefghij'[Number(stamp[4])]}${'klmnopqrst'[Number(stamp[3])]}`,
    );
    for (const name of names) await user({ name, user_type: 'developer' });
    await user({ name: `Retail Towers ${names[0]?.slice(-2)}`, user_type: 'retail' });
    const suffix = names[0]?.slice(-2) ?? '';
    const first = await get(
      `/api/profiles-list/all?type=developer&q=${encodeURIComponent(`towers ${suffix}`)}&per_page=2`,
    );
    expect(first.statusCode).toBe(200);
    const page1 = first.json().data;
    expect(page1.users.map((u: { name: string }) => u.name)).toEqual([names[2], names[1]]);
    expect(page1.users.every((u: { user_type: string }) => u.user_type === 'developer')).toBe(true);
    const page2 = (
      await get(
        `/api/profiles-list/all?type=developer&q=${encodeURIComponent(`towers ${suffix}`)}&per_page=2&cursor=${page1.next_cursor}`,
      )
    ).json().data;
    expect(page2).toEqual({ users: [expect.objectContaining({ name: names[0] })], next_cursor: null });
  });

  it('finds companies by their bio and by the cities they chose (in English and Arabic)', async () => {
    const stamp = [...String(Date.now()).slice(-6)].map((d) => 'abcdefghij'[Number(d)]).join('');
    const cityId = async (name: string) => (await get(`/api/cities?q=${name}`)).json().data[0].id as number;
    const [dubai, riyadh] = [await cityId('Dubai'), await cityId('Riyadh')];
    const logistics = await user({ name: `Quartz Estates ${stamp}`, user_type: 'developer' });
    await send('POST', '/api/profile', logistics, {
      bio: `Grade-A logistics parks zq${stamp} with cold storage`,
    });
    await send('POST', '/api/onboarding/preferences', logistics, {
      purpose: 'list',
      property_types: ['warehouse'],
      preferred_locations: [dubai],
    });
    const offices = await user({ name: `Basalt Offices ${stamp}`, user_type: 'developer' });
    await send('POST', '/api/onboarding/preferences', offices, {
      purpose: 'list',
      property_types: ['office'],
      preferred_locations: [riyadh],
    });
    const ids = async (q: string) =>
      (await get(`/api/profiles-list/all?type=developer&per_page=50&q=${encodeURIComponent(q)}`))
        .json()
        .data.users.map((u: { id: number }) => u.id) as number[];
    expect(await ids(`zq${stamp}`)).toEqual([logistics.id]);
    expect(await ids('COLD STORAGE')).toContain(logistics.id);
    for (const q of ['Dubai', 'dubai', 'دبي', 'Dub']) {
      const found = await ids(q);
      expect(found, q).toContain(logistics.id);
      expect(found, q).not.toContain(offices.id);
    }
    expect(await ids('الرياض')).toContain(offices.id);
    // Names still match, and a two-letter query matches names and bios only.
    expect(await ids(`Basalt Offices ${stamp}`)).toEqual([offices.id]);
    expect(await ids('Du')).not.toContain(logistics.id);
  });

  it('suggests three accounts: not you, not followed, sharing your preferences first', async () => {
    const me = await user();
    await send('POST', '/api/onboarding/preferences', me, {
      purpose: 'rent',
      property_types: ['medical'],
      preferred_locations: [7],
    });
    const match = await user({ name: 'Matching Clinic' });
    await send('POST', '/api/onboarding/preferences', match, {
      purpose: 'list',
      property_types: ['medical'],
      preferred_locations: [7],
    });
    const followed = await user();
    await send('POST', `/api/profiles/${followed.id}/follow`, me);
    const three = (await get('/api/profiles-list/three', me)).json().data as { id: number }[];
    expect(three).toHaveLength(3);
    expect(three[0]?.id).toBe(match.id);
    expect(three.map((u) => u.id)).not.toContain(me.id);
    expect(three.map((u) => u.id)).not.toContain(followed.id);
  });
});
