import type { AddressInfo } from 'node:net';
import type { NotificationsChangedEvent } from '@makan/contract/notifications';
import { MESSAGE_NOTIFY_DELAY_MS, type Notification } from '@makan/contract/notifications';
import { TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { createListing } from '../../test/listings.ts';
import { connectSocket, type TestSocket } from '../../test/sockets.ts';
import { createTestApp } from '../../test/test-app.ts';
import { scaled } from '../../test/time-scale.ts';
import { requestAs, signedInUser } from '../../test/users.ts';

/**
 * Notifications (issue 22) over HTTP and the socket: likes, comments, replies, follows, messages and
 * moderation outcomes reach the right person once, grouped while unread; a like or follow taken back
 * before it was seen leaves nothing; one's own actions and blocked people never notify; read one or
 * all; nobody reads another's. Written by the queue's worker off the request path.
 */

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
let url: string;
/** The server's clock runs ahead by this much (a message notifies only once it is still unread later). */
let ahead = 0;
const sockets: TestSocket[] = [];
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  ({ app, database } = await createTestApp(
    { NOTIFICATIONS_EVERY_SECONDS: '1' },
    { mailer: messages.mailer, sms: messages.sms, clock: { now: () => new Date(Date.now() + ahead) } },
  ));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app?.close();
});

const api = requestAs(() => app);

const person = (name: string) => signedInUser(app, messages, { name });

async function list(user: User): Promise<{ notifications: Notification[]; unread_count: number }> {
  return (await api(user, 'GET', '/api/notifications')).json().data;
}

/**
 * Waits until nothing is left to notify: no event due in the queue, and no message still unread
 * past the delay without its notification.
 */
async function settled() {
  await expect
    .poll(
      async () => {
        const result = await database.db.execute(sql`
          select (select count(*) from notification_events
              where run_at <= now() + ${`${ahead} milliseconds`}::interval)
            + (select count(*) from conversation_participants p join conversations c on c.id = p.conversation_id
              where p.left_at is null and c.last_message_id > greatest(p.last_read_message_id, p.notified_up_to)
                and c.last_activity_at <= now() + ${`${ahead - MESSAGE_NOTIFY_DELAY_MS} milliseconds`}::interval
            ) as n`);
        return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n);
      },
      { timeout: scaled(10_000), interval: 50 },
    )
    .toBe(0);
}

const like = (user: User, postId: number) => api(user, 'POST', `/api/posts/${postId}/like`);

describe('likes', () => {
  it('group while unread, the latest person first; taken back before seen, nothing is left', async () => {
    const owner = await person('Owner Omar');
    const sara = await person('Sara Saleh');
    const huda = await person('Huda Hassan');
    const post = await createListing(app, owner, 'Warehouse in Sulay');
    await like(owner, post); // one's own like: nothing
    await like(sara, post);
    await like(huda, post);
    await settled();
    let mine = await list(owner);
    expect(mine.unread_count).toBe(1);
    expect(mine.notifications).toHaveLength(1);
    expect(mine.notifications[0]).toMatchObject({
      kind: 'like',
      actors_count: 2,
      post_id: post,
      link: `/post/${post}`,
      read: false,
    });
    expect(mine.notifications[0]?.actors.map((a) => a.name)).toEqual(['Huda Hassan', 'Sara Saleh']);

    // Huda takes her like back: Sara alone; Sara too: nothing at all.
    await like(huda, post);
    await settled();
    mine = await list(owner);
    expect(mine.notifications[0]).toMatchObject({ actors_count: 1, actors: [{ name: 'Sara Saleh' }] });
    await like(sara, post);
    await settled();
    mine = await list(owner);
    expect(mine).toMatchObject({ notifications: [], unread_count: 0 });

    // Seen, then liked again: a new notification; a like taken back after it was seen stays.
    await like(sara, post);
    await settled();
    const first = (await list(owner)).notifications[0];
    if (!first) throw new Error('expected a notification');
    const read = await api(owner, 'POST', `/api/notifications/${first.id}/read`);
    expect(read.json().data).toMatchObject({ id: first.id, read: true });
    await like(huda, post);
    await settled();
    mine = await list(owner);
    expect(mine.unread_count).toBe(1);
    expect(mine.notifications.map((n) => [n.read, n.actors_count])).toEqual([
      [false, 1],
      [true, 1],
    ]);
    await like(sara, post);
    await settled();
    expect((await list(owner)).notifications).toHaveLength(2);
  });

  it('never come from someone blocked, either way', async () => {
    const owner = await person('Blocking Owner');
    const blocked = await person('Blocked Liker');
    const blocker = await person('Blocking Liker');
    const post = await createListing(app, owner, 'Showroom on Tahlia');
    await api(owner, 'POST', `/api/users/${blocked.id}/block`);
    await api(blocker, 'POST', `/api/users/${owner.id}/block`);
    // Blocked, the post is not theirs to like: and if a like got through, it would tell nothing.
    await like(blocked, post);
    await like(blocker, post);
    // A like queued just before the block (the worker runs after it): still nothing.
    for (const actor of [blocked, blocker])
      await database.db.execute(sql`
        insert into notification_events (kind, actor_id, post_id, run_at, created_at)
        values ('like', ${actor.id}, ${post}, now(), now())`);
    await settled();
    expect((await list(owner)).notifications).toEqual([]);
  });
});

describe('comments, replies and follows', () => {
  it('tell the listing’s author, the comment’s author and the person followed', async () => {
    const owner = await person('Listing Owner');
    const commenter = await person('Khalid Commenter');
    const fan = await person('Nora Fan');
    const post = await createListing(app, owner, 'Offices on King Road');
    const comment = (
      await api(commenter, 'POST', `/api/posts/${post}/comments`, { comment: 'Is the price negotiable?' })
    ).json().data;
    await api(owner, 'POST', `/api/posts/${post}/comments`, { comment: 'My own comment' });
    const reply = (
      await api(owner, 'POST', `/api/posts/${post}/comments`, {
        comment: 'Yes, a little.',
        parent_id: comment.id,
      })
    ).json().data;
    await api(fan, 'POST', `/api/profiles/${owner.id}/follow`);
    await api(commenter, 'POST', `/api/profiles/${owner.id}/follow`);
    await settled();

    const ownerSees = (await list(owner)).notifications;
    expect(ownerSees.map((n) => n.kind).sort()).toEqual(['comment', 'follow']);
    expect(ownerSees.find((n) => n.kind === 'comment')).toMatchObject({
      actors: [{ name: 'Khalid Commenter' }],
      excerpt: 'Is the price negotiable?',
      link: `/comment/${post}/${comment.id}`,
    });
    const follows = ownerSees.find((n) => n.kind === 'follow');
    expect(follows).toMatchObject({ actors_count: 2, link: `/user/${commenter.id}` });
    expect(follows?.actors.map((a) => a.name)).toEqual(['Khalid Commenter', 'Nora Fan']);

    const commenterSees = (await list(commenter)).notifications;
    expect(commenterSees).toHaveLength(1);
    expect(commenterSees[0]).toMatchObject({
      kind: 'reply',
      actors: [{ name: 'Listing Owner' }],
      excerpt: 'Yes, a little.',
      comment_id: comment.id,
      link: `/comment/${post}/${comment.id}`,
    });
    expect(reply.parent_id).toBe(comment.id);

    // An unfollow before it was seen leaves the others.
    await api(fan, 'DELETE', `/api/profiles/${owner.id}/follow`);
    await settled();
    expect((await list(owner)).notifications.find((n) => n.kind === 'follow')).toMatchObject({
      actors_count: 1,
      actors: [{ name: 'Khalid Commenter' }],
    });
  });
});

describe('messages', () => {
  it('notify only when still unread a few seconds later', async () => {
    const sara = await person('Sara Sender');
    const omar = await person('Omar Reader');
    const conversation = (await api(sara, 'POST', '/api/chat/conversations', { user_id: omar.id })).json()
      .data;
    const send = (from: User, content: string) =>
      api(from, 'POST', `/api/chat/conversations/${conversation.id}/messages`, { content });
    // Omar reads the first at once (he is in the conversation): nothing.
    await send(sara, 'Hello, is the shop available?');
    await api(omar, 'POST', `/api/chat/conversations/${conversation.id}/read`);
    ahead += MESSAGE_NOTIFY_DELAY_MS + 1000;
    await settled();
    expect((await list(omar)).notifications).toEqual([]);

    // The next two he does not read: one notification for the conversation, the latest words.
    await send(sara, 'Are you there?');
    await send(sara, 'I can visit tomorrow');
    ahead += MESSAGE_NOTIFY_DELAY_MS + 1000;
    await settled();
    const seen = (await list(omar)).notifications;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      kind: 'message',
      conversation_id: conversation.id,
      excerpt: 'I can visit tomorrow',
      link: `/chat/${conversation.id}`,
      actors: [{ name: 'Sara Sender' }],
    });
    expect((await list(sara)).notifications).toEqual([]);
  });
});

describe('moderation outcomes', () => {
  it('tell the reporter their report was handled, and the author why their listing went', async () => {
    const author = await person('Fraud Author');
    const reporter = await person('Careful Reporter');
    const moderator = await person('Mod Mona');
    await database.db.execute(sql`update users set role = 'moderator' where id = ${moderator.id}`);
    const post = await createListing(app, author, 'Pay a deposit to see it');
    await api(reporter, 'POST', '/api/reports', { target_type: 'post', target_id: post, reason: 'fraud' });
    await api(moderator, 'POST', `/api/admin/reports/post/${post}/remove`, {
      reason: 'Asks for money first',
    });
    await settled();
    expect((await list(reporter)).notifications[0]).toMatchObject({
      kind: 'moderation',
      outcome: 'report_handled',
      actors: [],
      actors_count: 0,
    });
    expect((await list(author)).notifications[0]).toMatchObject({
      kind: 'moderation',
      outcome: 'removed',
      excerpt: 'Asks for money first',
    });
  });
});

describe('the list and the bell', () => {
  it('is live over the socket, pages by keyset, reads one or all, and is nobody else’s', async () => {
    const owner = await person('Busy Owner');
    const stranger = await person('Nosy Stranger');
    const socket = await connectSocket(url, owner.token);
    sockets.push(socket);
    const events: NotificationsChangedEvent[] = [];
    socket.on('NotificationsChanged', (event) => events.push(event));

    const posts: number[] = [];
    for (let i = 0; i < 3; i++) posts.push(await createListing(app, owner, `Listing ${i + 1}`));
    for (const post of posts) await like(stranger, post);
    await settled();
    // One event per like, with its notification, sent as each worker is done: in either order (the web
    // puts each in its place), and the count read after the last of them says all three.
    await expect.poll(() => events.some((e) => e.unread_count === 3)).toBe(true);
    await expect
      .poll(() => [...new Set(events.map((e) => e.notification?.kind === 'like' && e.notification.post_id))])
      .toEqual(expect.arrayContaining(posts));
    expect((await api(owner, 'GET', '/api/notifications/unread-count')).json().data).toEqual({
      unread_count: 3,
    });

    // Pages of two by keyset follow the whole list's order (the latest written first: on PostgreSQL
    // two workers may write the three likes in any order), each like once.
    const whole = (await api(owner, 'GET', '/api/notifications')).json().data;
    const order: number[] = whole.notifications.map((n: Notification) => n.post_id);
    expect([...order].sort()).toEqual([...posts].sort());
    const first = (await api(owner, 'GET', '/api/notifications?per_page=2')).json().data;
    expect(first.notifications.map((n: Notification) => n.post_id)).toEqual(order.slice(0, 2));
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (
      await api(owner, 'GET', `/api/notifications?per_page=2&cursor=${first.next_cursor}`)
    ).json().data;
    expect(second.notifications.map((n: Notification) => n.post_id)).toEqual(order.slice(2));
    expect(second.next_cursor).toBeNull();
    expect((await api(owner, 'GET', '/api/notifications?cursor=nonsense')).statusCode).toBe(422);

    // Someone else's notification is as if it did not exist; nobody reads without signing in.
    const theirs = first.notifications[0].id;
    const nosy = await api(stranger, 'POST', `/api/notifications/${theirs}/read`);
    expect(nosy.statusCode).toBe(404);
    expect(nosy.json().message).toBe(TEXT.notificationNotFound);
    expect((await api(owner, 'GET', '/api/notifications/unread-count')).json().data.unread_count).toBe(3);
    expect((await api(null, 'GET', '/api/notifications')).statusCode).toBe(401);

    await api(owner, 'POST', `/api/notifications/${theirs}/read`);
    await expect.poll(() => events.at(-1)?.unread_count).toBe(2);
    const all = await api(owner, 'POST', '/api/notifications/read-all');
    expect(all.json()).toMatchObject({ message: TEXT.notificationsAllRead, data: { unread_count: 0 } });
    await expect.poll(() => events.at(-1)?.unread_count).toBe(0);
    expect((await list(owner)).notifications.every((n) => n.read)).toBe(true);
  });
});

describe('the queue', () => {
  it('takes up an event whose process died, and writes each event once however often it runs', async () => {
    const owner = await person('Queue Owner');
    const liker = await person('Queue Liker');
    const post = await createListing(app, owner, 'Queue listing');
    // The like, and its event claimed by a process that died a minute ago (its lease ran out).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into post_likes (post_id, user_id) values (${post}, ${liker.id})`);
      await tx.execute(sql`delete from notification_events where actor_id = ${liker.id}`);
      await tx.execute(sql`
        insert into notification_events (kind, actor_id, post_id, run_at, attempts, claimed_until, created_at)
        values ('like', ${liker.id}, ${post}, now() - interval '2 minutes', 1, now() - interval '1 minute', now() - interval '2 minutes')`);
    });
    await api(liker, 'POST', `/api/posts/${post}/bookmark`); // any action: the worker runs again soon
    await settled();
    const seen = (await list(owner)).notifications;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ kind: 'like', actors_count: 1 });
  });

  /**
   * Writes what the database holds (two follows, a like and its taking back) with their events in
   * one transaction, each event `[kind, actor, seconds ago it happened, target]`, queued in the order
   * given, which is the order the worker takes them in: not the order they happened, as when two
   * workers or two processes take them at once.
   */
  async function outOfOrder(
    writes: ReturnType<typeof sql>[],
    events: [kind: string, actor: User, happened: number, target: { post?: number; user?: User }][],
  ) {
    await database.db.transaction(async (tx) => {
      for (const write of writes) await tx.execute(write);
      // The triggers' own events go: these below stand for them.
      for (const [, actor] of events)
        await tx.execute(sql`delete from notification_events where actor_id = ${actor.id}`);
      for (const [kind, actor, happened, target] of events)
        await tx.execute(sql`
          insert into notification_events (kind, actor_id, post_id, recipient_id, run_at, created_at)
          values (${kind}, ${actor.id}, ${target.post ?? null}, ${target.user?.id ?? null},
            now() - interval '1 minute', now() - ${`${happened} seconds`}::interval)`);
    });
    await settled();
  }

  it('shows what happened, in the order it happened, whatever order its events are processed in', async () => {
    const owner = await person('Order Owner');
    const first = await person('Order First');
    const second = await person('Order Second');
    const post = await createListing(app, owner, 'Order listing');
    // First followed before second; second's event is processed first: second is still the latest.
    await outOfOrder(
      [
        sql`insert into follows (follower_id, followee_id, created_at) values (${first.id}, ${owner.id}, now())`,
        sql`insert into follows (follower_id, followee_id, created_at) values (${second.id}, ${owner.id}, now())`,
      ],
      [
        ['follow', second, 15, { user: owner }],
        ['follow', first, 20, { user: owner }],
      ],
    );
    const follows = (await list(owner)).notifications.find((n) => n.kind === 'follow');
    expect(follows).toMatchObject({ actors_count: 2, link: `/user/${second.id}` });
    expect(follows?.actors.map((a) => a.name)).toEqual(['Order Second', 'Order First']);

    // A like taken back, the taking back processed first: nothing is left of it.
    await outOfOrder(
      [],
      [
        ['unlike', first, 8, { post }],
        ['like', first, 9, { post }],
      ],
    );
    expect((await list(owner)).notifications.filter((n) => n.kind === 'like')).toEqual([]);
    // Liked, taken back, liked again; the taking back processed last: the like stands.
    await outOfOrder(
      [sql`insert into post_likes (post_id, user_id) values (${post}, ${second.id})`],
      [
        ['like', second, 7, { post }],
        ['like', second, 5, { post }],
        ['unlike', second, 6, { post }],
      ],
    );
    expect((await list(owner)).notifications.find((n) => n.kind === 'like')).toMatchObject({
      actors_count: 1,
      actors: [{ name: 'Order Second' }],
    });
  });
});
