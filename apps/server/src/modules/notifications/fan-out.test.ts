import type { Notification } from '@makan/contract/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { createListing } from '../../test/listings.ts';
import { createTestApp } from '../../test/test-app.ts';
import { scaled } from '../../test/time-scale.ts';
import { requestAs, signedInUser } from '../../test/users.ts';

/**
 * New listings of people you follow (issue 22): off until a follower turns them on; told once per
 * follower, grouped per author while unread (the latest listing); never to someone blocked; a
 * company with more followers than one chunk reaches every one of them exactly once.
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
});
afterAll(async () => {
  await app?.close();
});

const api = requestAs(() => app);
const person = (name: string, type: 'retail' | 'developer' = 'retail') =>
  signedInUser(app, messages, { name, user_type: type });

async function list(user: User): Promise<Notification[]> {
  return (await api(user, 'GET', '/api/notifications')).json().data.notifications;
}

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]?.n);

/** Until the queue is empty (every fan-out finished). */
async function settled() {
  await expect
    .poll(() => count(sql`select count(*) as n from notification_events`), {
      timeout: scaled(20_000),
      interval: 50,
    })
    .toBe(0);
}

const turnOn = (user: User) =>
  api(user, 'PUT', '/api/notifications/preferences', {
    preferences: [{ kind: 'post', in_app: true, push: false, email: false }],
  });

describe('new listings of people you follow', () => {
  it('reach the followers who turned them on, once, grouped per author', async () => {
    const company = await person('Tower Developers', 'developer');
    const keen = await person('Keen Follower');
    const quiet = await person('Quiet Follower');
    const blocked = await person('Blocked Follower');
    for (const follower of [keen, quiet, blocked])
      expect((await api(follower, 'POST', `/api/profiles/${company.id}/follow`)).statusCode).toBe(200);
    expect((await turnOn(keen)).statusCode).toBe(200);
    expect((await turnOn(blocked)).statusCode).toBe(200);
    // The company blocks one of them (which ends the follow); a follow that raced the block
    // still tells nothing.
    await api(company, 'POST', `/api/users/${blocked.id}/block`);
    await database.db.execute(sql`insert into follows (follower_id, followee_id, created_at)
      values (${blocked.id}, ${company.id}, now()) on conflict do nothing`);

    const first = await createListing(app, company, 'Grade A offices, floor 12');
    const second = await createListing(app, company, 'Grade A offices, floor 14');
    await settled();

    const [only, ...rest] = await list(keen);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      kind: 'post',
      post_id: second,
      link: `/post/${second}`,
      actors: [{ id: company.id, name: 'Tower Developers' }],
      actors_count: 1,
      read: false,
    });
    expect(first).toBeLessThan(second);
    expect(await list(quiet)).toEqual([]);
    expect(await list(blocked)).toEqual([]);
    // The company was told of its followers, not of its own listings.
    expect((await list(company)).map((n) => n.kind)).toEqual(['follow']);
  });

  it('reach every follower of a company with more followers than a chunk, each once', async () => {
    const company = await person('Big Developer', 'developer');
    const followers = 1_234;
    // Followers made in the database: signing up a thousand people over HTTP would only be slow.
    // Without their follow events (the queue's triggers off in this transaction): 1,234 events for
    // the company ahead of the listing's would make this a test of their pace, not of the fan-out.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
      with made as (
        insert into users (name, email, phone, phone_normalized, user_type, email_verified_at)
        select 'Follower ' || i, 'fan' || i || '.' || ${company.id} || '@example.com',
          '+9665' || lpad((${company.id} * 10000 + i)::text, 8, '0'),
          '+9665' || lpad((${company.id} * 10000 + i)::text, 8, '0'), 'retail', now()
        from generate_series(1, ${followers}) i
        returning id
      ), follow as (
        insert into follows (follower_id, followee_id, created_at) select id, ${company.id}, now() from made
      )
      insert into notification_preferences (user_id, kind, in_app, push, email, updated_at)
      select id, 'post', true, false, false, now() from made`);
    });
    const post = await createListing(app, company, 'Warehouses in the second industrial city');
    await settled();
    expect(
      await count(sql`select count(*) as n from notifications where kind = 'post' and post_id = ${post}`),
    ).toBe(followers);
    expect(
      await count(sql`select count(distinct recipient_id) as n from notifications where post_id = ${post}`),
    ).toBe(followers);
  });
});
