import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/form.ts';
import { startPushService, type TestPushService } from '../../test/push-service.ts';
import {
  killableServer,
  type ServerProcess,
  signUpOverHttp,
  stopServer,
  until,
} from '../../test/server-process.ts';
import { scaled } from '../../test/time-scale.ts';

/**
 * Issue 22: the notification queue survives a SIGKILL in the middle of a fan-out. A company with
 * a few thousand followers (each with a device for pushes) posts; the process is killed once some
 * of them, not all, were told; a new process finishes the job: every follower told exactly once,
 * every device pushed to, none lost and none shown twice.
 * Against PostgreSQL (the test reads the database while the process runs).
 */

const adminUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const FOLLOWERS = 3_000;
let push: TestPushService;
beforeAll(async () => {
  push = await startPushService();
  cleanups.push(() => push.close());
});

describe.skipIf(!adminUrl)('the notification queue killed mid-fan-out (needs DATABASE_URL)', () => {
  it('resumes after a SIGKILL: every follower told once, none twice, none lost', {
    timeout: scaled(600_000),
  }, async () => {
    // Small chunks, so the kill lands between two of them.
    const { base, dataDir, boot, db, count } = await killableServer('fanout', adminUrl, cleanups, {
      NOTIFICATIONS_FAN_OUT_CHUNK: '25',
    });
    let server: ServerProcess = await boot();

    const company = await signUpOverHttp(base, dataDir, 'Kill Test Developers');
    await db.query(
      `with made as (
        insert into users (name, email, phone, phone_normalized, user_type, email_verified_at)
        select 'Follower ' || i, 'killfan' || i || '@example.com', '+9665' || lpad(i::text, 8, '0'),
          '+9665' || lpad(i::text, 8, '0'), 'retail', now()
        from generate_series(1, $1::int) i returning id
      ), follow as (
        insert into follows (follower_id, followee_id, created_at) select id, $2, now() from made
      )
      insert into notification_preferences (user_id, kind, in_app, push, email, updated_at)
      select id, 'post', true, true, false, now() from made`,
      [FOLLOWERS, company.id],
    );
    // Each follower signed in on a device of their own, subscribed at the test's push service.
    const { rows: followers } = await db.query<{ id: number }>(
      `select id from users where email like 'killfan%@example.com' order by id`,
    );
    const devices = followers.map(() => push.device());
    await db.query(
      `with sessions as (
        insert into auth_tokens (user_id, token_hash, expires_at)
        select id, md5(random()::text || id), now() + interval '1 day' from unnest($1::int[]) id
        returning id, user_id
      )
      insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth, created_at)
      select s.user_id, s.id, d.endpoint, d.p256dh, d.auth, now()
      from sessions s join unnest($1::int[], $2::text[], $3::text[], $4::text[]) as d(user_id, endpoint, p256dh, auth)
        on d.user_id = s.user_id`,
      [
        followers.map((f) => f.id),
        devices.map((d) => d.endpoint),
        devices.map((d) => d.keys.p256dh),
        devices.map((d) => d.keys.auth),
      ],
    );

    // The follows above queued a 'follow' event each (the company is told of its new followers):
    // 3,000 events ahead of the listing's. Done first, so the kill lands in the fan-out itself and
    // not in that backlog (on a loaded machine it outlasted the wait below).
    await until(
      'the follow events to be processed',
      async () => ((await count(`select count(*) as n from notification_events`)) === 0 ? true : undefined),
      300_000,
    );

    const form = await multipartBody(
      { property_type: 'warehouse', location: 'Sudair', description: 'Warehouses, phase two' },
      [],
      'media[]',
    );
    const posted = await fetch(`${base}/api/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${company.token}`, ...form.headers },
      body: new Uint8Array(form.payload),
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const postId = ((await posted.json()) as { data: { id: number } }).data.id;
    const told = () =>
      count(`select count(*) as n from notifications where kind = 'post' and post_id = $1`, [postId]);

    // Killed once some followers were told and not all.
    let atKill = 0;
    await until(
      'the fan-out to be under way',
      async () => {
        atKill = await told();
        return atKill > 0 ? true : undefined;
      },
      30_000,
    );
    await stopServer(server, 'SIGKILL');
    atKill = await told();
    expect(atKill, 'the kill must land mid-way').toBeGreaterThan(0);
    expect(atKill, 'the kill must land mid-way').toBeLessThan(FOLLOWERS);
    // What was written is whole chunks: the event says how far it got, in the same transaction.
    const { rows } = await db.query<{ after: number | null }>(
      `select (payload->>'after')::int as after from notification_events where kind = 'post' and post_id = $1`,
      [postId],
    );
    expect(rows).toHaveLength(1);

    server = await boot();
    await until(
      'the fan-out and its pushes to finish after the restart',
      async () =>
        (await count(
          `select (select count(*) from notification_events where post_id = $1)
            + (select count(*) from push_deliveries) as n`,
          [postId],
        )) === 0
          ? true
          : undefined,
      120_000,
    );
    expect(await told()).toBe(FOLLOWERS);
    expect(
      await count(`select count(distinct recipient_id) as n from notifications where post_id = $1`, [postId]),
    ).toBe(FOLLOWERS);
    // Each told by the company alone, once.
    expect(
      await count(
        `select count(*) as n from notification_actors a join notifications n on n.id = a.notification_id
          where n.post_id = $1`,
        [postId],
      ),
    ).toBe(FOLLOWERS);
    // Every device was pushed to, and each saw one notification: a push the killed process had
    // handed over but not yet marked sent goes again with the same Topic and tag (its push service
    // and the device replace the first with it), never as a second notification.
    expect(push.rejected).toEqual([]);
    const topics = new Map<string, Set<string | undefined>>();
    for (const r of push.received) topics.set(r.endpoint, (topics.get(r.endpoint) ?? new Set()).add(r.topic));
    expect(topics.size, 'devices pushed to').toBe(FOLLOWERS);
    expect([...topics.values()].filter((t) => t.size !== 1)).toEqual([]);
    const repeats = push.received.length - FOLLOWERS;
    console.info(`fan-out killed at ${atKill} of ${FOLLOWERS}; ${repeats} pushes repeated with their Topic`);
    expect(push.pushesTo(devices[0]?.endpoint ?? '')[0]).toMatchObject({
      title: 'Makan',
      body: '\u2068Kill Test Developers\u2069 posted a new listing',
      url: `/post/${postId}`,
    });
    await stopServer(server, 'SIGTERM');
  });
});
