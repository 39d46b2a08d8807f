import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/form.ts';
import {
  processPlace,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  stopServer,
  testServerEnv,
  until,
  waitReady,
} from '../../test/server-process.ts';

/**
 * Issue 22: the notification queue survives a SIGKILL in the middle of a fan-out. A company with
 * a few thousand followers posts; the process is killed once some of them, not all, were told;
 * a new process finishes the job: every follower told exactly once, none twice, none lost.
 * Against PostgreSQL (the test reads the database while the process runs).
 */

const adminUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const FOLLOWERS = 3_000;

describe.skipIf(!adminUrl)('the notification queue killed mid-fan-out (needs DATABASE_URL)', () => {
  it('resumes after a SIGKILL: every follower told once, none twice, none lost', {
    timeout: 180_000,
  }, async () => {
    const { dataDir, databaseUrl, port } = await processPlace('fanout', adminUrl, cleanups);
    const base = `http://127.0.0.1:${port}`;
    // Small chunks, so the kill lands between two of them.
    const env = testServerEnv(port, dataDir, {
      DATABASE_URL: databaseUrl,
      NOTIFICATIONS_FAN_OUT_CHUNK: '25',
      NOTIFICATIONS_EVERY_SECONDS: '1',
      // The killed process's claim lapses soon, so the new one resumes without a minute's wait.
      NOTIFICATIONS_LEASE_SECONDS: '3',
    });
    const boot = async () => {
      const server = startServer(env);
      cleanups.push(() => stopServer(server));
      await waitReady(port, server.child, server.output);
      return server;
    };
    let server: ServerProcess = await boot();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    const count = async (query: string, values: unknown[] = []) =>
      Number((await db.query<{ n: string }>(query, values)).rows[0]?.n);

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
      select id, 'post', true, false, false, now() from made`,
      [FOLLOWERS, company.id],
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
      'the fan-out to finish after the restart',
      async () =>
        (await count(`select count(*) as n from notification_events where post_id = $1`, [postId])) === 0
          ? true
          : undefined,
      90_000,
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
    await stopServer(server, 'SIGTERM');
  });
});
