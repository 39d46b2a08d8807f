import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ConversationUpdatedEvent, SendAck } from '@makan/contract/realtime';
import { TEXT } from '@makan/contract/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { createListing } from '../../test/listings.ts';
import { connectSocket, type TestSocket } from '../../test/sockets.ts';
import { createTestApp, redisTestEnv } from '../../test/test-app.ts';
import { requestAs, signedInUser } from '../../test/users.ts';

/**
 * Blocking (issue 21), over HTTP and the socket: two users who are blocked, either way round, never
 * meet. Neither sees the other's posts (feed in both orders, search, the post, its comments, the
 * profile's posts), neither can like, bookmark or comment the other's posts, follows end and cannot
 * start again, their conversation stays readable and closed both ways. The blocked user is not
 * told: their view of the blocker's profile does not say so.
 */

const messages = capturedMessages();
const redis: Record<string, string> = redisTestEnv('blocks');
let app: App;
let url: string;
const sockets: TestSocket[] = [];
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  ({ app } = await createTestApp(redis, { mailer: messages.mailer, sms: messages.sms }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app?.close();
});

const api = requestAs(() => app);

const post = (user: User, description: string) => createListing(app, user, description);

async function comment(user: User, postId: number, text: string): Promise<number> {
  const res = await api(user, 'POST', `/api/posts/${postId}/comments`, { comment: text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const feedIds = async (user: User, query: string) =>
  ((await api(user, 'GET', `/api/posts?per_page=50&${query}`)).json().data.posts as { id: number }[]).map(
    (p) => p.id,
  );
const searchIds = async (user: User, keyword: string) =>
  (
    (await api(user, 'GET', `/api/posts/search?keyword=${encodeURIComponent(keyword)}`)).json().data
      .posts as { id: number }[]
  ).map((p) => p.id);
const commentIds = async (user: User, postId: number) =>
  ((await api(user, 'GET', `/api/posts/${postId}/comments`)).json().data.comments as { id: number }[]).map(
    (c) => c.id,
  );

describe('blocking an account', () => {
  it('needs a session, refuses oneself and unknown accounts, and lists whom one blocked', async () => {
    const [a, b] = [await signedInUser(app, messages), await signedInUser(app, messages, { name: 'Bader' })];
    expect((await api(null, 'POST', `/api/users/${b.id}/block`)).statusCode).toBe(401);
    expect((await api(null, 'GET', '/api/blocks')).statusCode).toBe(401);
    const self = await api(a, 'POST', `/api/users/${a.id}/block`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(TEXT.cannotBlockSelf);
    const unknown = await api(a, 'POST', '/api/users/999999/block');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TEXT.userNotFound);

    const done = await api(a, 'POST', `/api/users/${b.id}/block`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: TEXT.userBlocked,
      data: { user_id: b.id, is_blocked: true },
    });
    // Twice is once.
    expect((await api(a, 'POST', `/api/users/${b.id}/block`)).statusCode).toBe(200);
    const list = (await api(a, 'GET', '/api/blocks')).json().data.users;
    expect(list).toEqual([
      expect.objectContaining({ id: b.id, name: 'Bader', user_type: 'retail', picture: null }),
    ]);
    // The blocked account's own list is its own.
    expect((await api(b, 'GET', '/api/blocks')).json().data.users).toEqual([]);

    const undone = await api(a, 'DELETE', `/api/users/${b.id}/block`);
    expect(undone.json()).toMatchObject({ message: TEXT.userUnblocked, data: { is_blocked: false } });
    expect((await api(a, 'GET', '/api/blocks')).json().data.users).toEqual([]);
  });

  it('hides each one’s posts and comments from the other, both ways, and refuses acting on them', async () => {
    const a = await signedInUser(app, messages);
    const b = await signedInUser(app, messages);
    const c = await signedInUser(app, messages);
    const word = `blockword${randomBytes(3).toString('hex')}`;
    const aPost = await post(a, `Office by A ${word}`);
    const bPost = await post(b, `Office by B ${word}`);
    const cPost = await post(c, `Office by C ${word}`);
    const aComment = await comment(a, cPost, 'A was here');
    const bComment = await comment(b, cPost, 'B was here');
    await api(a, 'POST', `/api/users/${b.id}/block`);

    for (const [viewer, hidden, shown] of [
      [a, bPost, aPost],
      [b, aPost, bPost],
    ] as const) {
      for (const order of ['order=latest', 'order=ranked']) {
        const ids = await feedIds(viewer, order);
        expect(ids, order).not.toContain(hidden);
        expect(ids, order).toContain(shown);
        expect(ids, order).toContain(cPost);
      }
      const found = await searchIds(viewer, word);
      expect(found).not.toContain(hidden);
      expect(found).toContain(cPost);
      expect((await api(viewer, 'GET', `/api/posts/${hidden}`)).statusCode).toBe(404);
      expect((await api(viewer, 'POST', `/api/posts/${hidden}/like`)).statusCode).toBe(404);
      expect((await api(viewer, 'POST', `/api/posts/${hidden}/bookmark`)).statusCode).toBe(404);
      expect((await api(viewer, 'GET', `/api/posts/${hidden}/comments`)).statusCode).toBe(404);
      expect(
        (await api(viewer, 'POST', `/api/posts/${hidden}/comments`, { comment: 'hello' })).statusCode,
      ).toBe(404);
      const author = viewer === a ? b : a;
      const profile = (await api(viewer, 'GET', `/api/profiles/${author.id}/full`)).json().data;
      expect(profile.posts).toEqual([]);
      expect(await feedIds(viewer, `author=${author.id}`)).toEqual([]);
    }
    // On a third person's post, each sees their own comment and not the other's.
    expect(await commentIds(a, cPost)).toEqual([aComment]);
    expect(await commentIds(b, cPost)).toEqual([bComment]);
    // Newest first.
    expect(await commentIds(c, cPost)).toEqual([bComment, aComment]);
    expect((await api(a, 'GET', `/api/posts/${cPost}/comments/${bComment}`)).statusCode).toBe(404);
    // A reply to the other's comment is refused as if the comment did not exist.
    const reply = await api(a, 'POST', `/api/posts/${cPost}/comments`, {
      comment: 'no',
      parent_id: bComment,
    });
    expect(reply.statusCode).toBe(422);
    // Everyone else still sees both.
    const cFeed = await feedIds(c, 'order=latest');
    expect(cFeed).toEqual(expect.arrayContaining([aPost, bPost]));

    // Silent: only the blocker's view says so.
    expect((await api(a, 'GET', `/api/profiles/${b.id}`)).json().data.is_blocked).toBe(true);
    expect((await api(b, 'GET', `/api/profiles/${a.id}`)).json().data.is_blocked).toBe(false);

    // Unblocked, everything is back.
    await api(a, 'DELETE', `/api/users/${b.id}/block`);
    expect(await feedIds(a, 'order=latest')).toContain(bPost);
    expect(await commentIds(b, cPost)).toEqual([bComment, aComment]);
  });

  it('ends the follows both ways and refuses new ones while it stands', async () => {
    const a = await signedInUser(app, messages);
    const b = await signedInUser(app, messages);
    expect((await api(a, 'POST', `/api/profiles/${b.id}/follow`)).statusCode).toBe(200);
    expect((await api(b, 'POST', `/api/profiles/${a.id}/follow`)).statusCode).toBe(200);
    await api(b, 'POST', `/api/users/${a.id}/block`);
    const info = (await api(a, 'GET', `/api/profiles/${b.id}`)).json().data.follow_info;
    expect(info).toMatchObject({
      followers_count: 0,
      following_count: 0,
      is_following: false,
      is_followed_by: false,
    });
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const refused = await api(from, 'POST', `/api/profiles/${to.id}/follow`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(TEXT.userUnavailable);
    }
    await api(b, 'DELETE', `/api/users/${a.id}/block`);
    expect((await api(a, 'POST', `/api/profiles/${b.id}/follow`)).statusCode).toBe(200);
  });

  it('closes the conversation both ways (HTTP and socket), keeps it readable, and tells both open chats', async () => {
    const a = await signedInUser(app, messages);
    const b = await signedInUser(app, messages);
    const opened = await api(a, 'POST', '/api/chat/conversations', { user_id: b.id });
    const conversationId = opened.json().data.id as number;
    const sent = await api(a, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
      content: 'Is the office still free?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const aSocket = await connectSocket(url, a.token);
    const bSocket = await connectSocket(url, b.token);
    sockets.push(aSocket, bSocket);
    const updated = (socket: TestSocket) =>
      new Promise<ConversationUpdatedEvent>((resolve) =>
        socket.on('ConversationUpdated', (event) => {
          if (event.conversationId === conversationId) resolve(event);
        }),
      );
    const [aUpdate, bUpdate] = [updated(aSocket), updated(bSocket)];

    await api(a, 'POST', `/api/users/${b.id}/block`);
    expect((await aUpdate).updates).toEqual({ is_active: false, blocked_by_me: true });
    // The blocked one is told the conversation is closed, not why.
    expect((await bUpdate).updates).toEqual({ is_active: false });

    const viewOf = async (user: User) =>
      (await api(user, 'GET', `/api/chat/conversations/${conversationId}`)).json().data;
    expect(await viewOf(a)).toMatchObject({ is_active: false, blocked_by_me: true });
    expect(await viewOf(b)).toMatchObject({ is_active: false, blocked_by_me: false });
    const history = await api(b, 'GET', `/api/chat/conversations/${conversationId}/messages`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data.messages).toHaveLength(1);

    for (const user of [a, b]) {
      const refused = await api(user, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
        content: 'hello?',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(TEXT.conversationBlocked);
      const other = user === a ? b : a;
      const reopened = await api(user, 'POST', '/api/chat/conversations', { user_id: other.id });
      expect(reopened.statusCode).toBe(403);
      expect(reopened.json().message).toBe(TEXT.userUnavailable);
    }
    const ack = await new Promise<SendAck>((resolve) =>
      bSocket.emit('send', { conversationId, content: 'over the socket', client_id: 'blocked-1' }, resolve),
    );
    expect(ack).toMatchObject({ ok: false, status: 403, message: TEXT.conversationBlocked });
    expect(
      (await api(a, 'GET', `/api/chat/conversations/${conversationId}/messages`)).json().data.messages,
    ).toHaveLength(1);

    const reopenedUpdate = updated(bSocket);
    await api(a, 'DELETE', `/api/users/${b.id}/block`);
    expect((await reopenedUpdate).updates).toEqual({ is_active: true });
    const again = await api(b, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
      content: 'Yes, it is',
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});
