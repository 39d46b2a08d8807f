import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { likeResult } from '@makan/contract/posts';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sha256 } from '../lib/hash.ts';
import { multipartBody } from '../test/form.ts';
import {
  createPostgresDatabase,
  freePort,
  startServer,
  stopServer,
  testServerEnv,
  waitReady,
} from '../test/server-process.ts';
import { openSocket, whenConnected } from '../test/sockets.ts';
import { scaled } from '../test/time-scale.ts';

/**
 * Load (issue 8): 200 simulated users for 60 s against one server process on PostgreSQL, each
 * browsing the feed, opening posts, liking and unliking, commenting, chatting and uploading posts
 * with photos, 50 of them with a live socket. No request may fail (network error, 5xx, or any
 * status the action does not expect, 429 included); afterwards every like, comment, message and
 * upload the server acknowledged is in the database exactly as acknowledged (the photos on disk),
 * nothing else is, and every message reached the live sockets of both its participants.
 *
 * LOAD_SECONDS shortens the run while developing: `LOAD_SECONDS=10 npm run test:hard`.
 */

const adminUrl = process.env.DATABASE_URL;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60) || 60;
const USERS = 200;
/** Users 0…SOCKET_USERS-1 keep a socket open; chat partners are pairs 0–1, 2–3, … so both ends are live. */
const SOCKET_USERS = 50;
/** Posts created over HTTP before the load (one each by the first users). */
const INITIAL_POSTS = 100;
/** Posts with photos each user may upload during the run: far below the 60 posts an hour allowed. */
const UPLOADS_PER_USER = 2;
const THINK_MS = { min: 50, max: 300 };
/** Keep-alive connections the simulated users share; a request beyond them waits for a free one. */
const MAX_SOCKETS = 100;
const REQUEST_TIMEOUT_MS = 30_000;
const PURPOSES = ['sale', 'rent', 'wanted'] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const randomInt = (n: number) => Math.floor(Math.random() * n);
const pickFrom = <T>(items: readonly T[]): T | undefined => items[randomInt(items.length)];

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// What the server answers, as far as this test reads it (the envelope's data).
const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
const idOnly = z.object({ id: z.number().int() });
const feedBody = envelope(z.object({ posts: z.array(idOnly), next_cursor: z.number().int().nullable() }));
const postBody = envelope(
  z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    likes_count: z.number().int(),
    comments_count: z.number().int(),
    media: z.array(idOnly),
  }),
);
const likeBody = envelope(likeResult);
const commentBody = envelope(
  z.object({ id: z.number().int(), post_id: z.number().int(), parent_id: z.number().int().nullable() }),
);
const conversationBody = envelope(idOnly);
const messageBody = envelope(
  z.object({
    id: z.number().int(),
    conversation_id: z.number().int(),
    sender_id: z.number().int(),
    client_id: z.string().nullable(),
  }),
);
const anyBody = envelope(z.unknown());

type Kind =
  | 'setup-post'
  | 'feed'
  | 'feed-next'
  | 'feed-filtered'
  | 'post'
  | 'comments-list'
  | 'like'
  | 'comment'
  | 'reply'
  | 'chat-open'
  | 'chat-send'
  | 'chat-list'
  | 'chat-messages'
  | 'upload'
  | 'final-check';

type LoadUser = {
  index: number;
  id: number;
  token: string;
  /** The last feed page seen: what the user opens, likes and comments on next. */
  page: number[];
  cursor: number | null;
  filter: string;
  /** The user's like of each post as the server last answered it. */
  likes: Map<number, boolean>;
  /** Conversation id by the other user's index. */
  conversations: Map<number, number>;
  uploads: number;
  seq: number;
};

/** Everything the server acknowledged, to be found in the database afterwards. */
type Ledger = {
  postIds: number[];
  comments: { id: number; postId: number; userId: number; parentId: number | null; body: string }[];
  topCommentsOf: Map<number, number[]>;
  messages: { id: number; conversationId: number; senderId: number; clientId: string; content: string }[];
  /** Conversation id → its two user ids (smaller first). */
  conversations: Map<number, { a: number; b: number }>;
  /** Answers 201 to "open a conversation": exactly one per conversation. */
  conversationsCreated: number;
  uploads: { postId: number; userId: number; photos: number; description: string }[];
  /** Answers that contradict what the user just did. */
  anomalies: string[];
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
};

/** A small real photo (random pixels, so each is different), as a phone would send a JPEG. */
const jpeg = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();

/**
 * Verified users with bearer tokens, written straight into the database (registration over HTTP
 * allows 10 an hour per address), each token stored as the server stores it: its SHA-256 only.
 */
async function insertUsers(db: pg.Client, count: number): Promise<LoadUser[]> {
  const inserted = await db.query<{ id: number; n: number }>(
    `insert into users (name, email, phone, phone_normalized, user_type, email_verified_at)
     select 'Load User ' || g, 'load' || g || '@load.makan.example', '+9665' || lpad(g::text, 8, '0'),
            '+9665' || lpad(g::text, 8, '0'), case when g % 4 = 0 then 'developer' else 'retail' end, now()
     from generate_series(1, $1::int) g
     returning id, split_part(split_part(email, '@', 1), 'load', 2)::int as n`,
    [count],
  );
  const users: LoadUser[] = inserted.rows
    .sort((a, b) => a.n - b.n)
    .map((row, index) => ({
      index,
      id: row.id,
      token: `load-${randomBytes(24).toString('hex')}`,
      page: [],
      cursor: null,
      filter: '',
      likes: new Map(),
      conversations: new Map(),
      uploads: 0,
      seq: 0,
    }));
  await db.query(
    `insert into auth_tokens (user_id, token_hash, expires_at)
     select u, h, now() + interval '1 day' from unnest($1::int[], $2::text[]) as t(u, h)`,
    [users.map((u) => u.id), users.map((u) => sha256(u.token))],
  );
  return users;
}

type Failure = { kind: Kind; method: string; url: string; status?: number; error?: string; body?: string };
type Request = {
  method: 'GET' | 'POST';
  url: string;
  json?: object;
  form?: Awaited<ReturnType<typeof multipartBody>>;
};

/**
 * The simulated users' HTTP client: keep-alive connections (MAX_SOCKETS at most) over node:http.
 * Each request is counted under its kind with its status and latency; a network error, a status
 * the action does not expect or an answer that does not parse is a failure.
 */
function createClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: MAX_SOCKETS });
  const stats = new Map<Kind, { statuses: Map<number | 'error', number>; latencies: number[] }>();
  const failures: Failure[] = [];
  const statOf = (kind: Kind) => {
    let stat = stats.get(kind);
    if (!stat) {
      stat = { statuses: new Map(), latencies: [] };
      stats.set(kind, stat);
    }
    return stat;
  };

  const send = (method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          agent,
          headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () =>
        req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)),
      );
      req.on('error', reject);
      req.end(body);
    });

  /** Answers the status and the envelope's data, or undefined when the request failed. */
  async function call<T>(
    kind: Kind,
    user: LoadUser,
    request: Request,
    expected: number[],
    schema: z.ZodType<{ data: T }>,
  ): Promise<{ status: number; data: T } | undefined> {
    const stat = statOf(kind);
    const headers: Record<string, string> = { authorization: `Bearer ${user.token}` };
    let body: Buffer | undefined;
    if (request.json) {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify(request.json));
    } else if (request.form) {
      Object.assign(headers, request.form.headers);
      body = request.form.payload;
    }
    const started = performance.now();
    let answer: { status: number; text: string };
    try {
      answer = await send(request.method, request.url, headers, body);
    } catch (err) {
      const code = err instanceof Error && 'code' in err ? `${String(err.code)} ` : '';
      stat.statuses.set('error', (stat.statuses.get('error') ?? 0) + 1);
      failures.push({
        kind,
        method: request.method,
        url: request.url,
        error: `${code}${err instanceof Error ? err.message : String(err)}`,
      });
      return undefined;
    }
    stat.latencies.push(performance.now() - started);
    stat.statuses.set(answer.status, (stat.statuses.get(answer.status) ?? 0) + 1);
    const failure = { kind, method: request.method, url: request.url, status: answer.status };
    if (!expected.includes(answer.status)) {
      failures.push({ ...failure, body: answer.text.slice(0, 500) });
      return undefined;
    }
    try {
      return { status: answer.status, data: schema.parse(JSON.parse(answer.text)).data };
    } catch (err) {
      failures.push({
        ...failure,
        error: `unexpected body: ${String(err).slice(0, 300)}`,
        body: answer.text.slice(0, 300),
      });
      return undefined;
    }
  }

  return {
    call,
    failures,
    count: (kind: Kind) => statOf(kind).latencies.length,
    /** Per kind: requests, statuses, p50 and p99 latency (ms). */
    summary: () =>
      Object.fromEntries(
        [...stats].map(([kind, s]) => [
          kind,
          {
            n: s.latencies.length,
            statuses: Object.fromEntries(s.statuses),
            p50: percentile(s.latencies, 50),
            p99: percentile(s.latencies, 99),
          },
        ]),
      ),
    requests: () => [...stats.values()].reduce((sum, s) => sum + s.latencies.length, 0),
    close: () => agent.destroy(),
  };
}
type LoadClient = ReturnType<typeof createClient>;

/**
 * What one simulated user may do, and how often (weights): browse the feed (next pages, filters),
 * open a post and its comments, toggle a like, comment or reply, chat, read the chat, upload a post.
 */
function userActions({
  client,
  users,
  cityIds,
  photos,
  ledger,
}: {
  client: LoadClient;
  users: LoadUser[];
  cityIds: number[];
  photos: Buffer[];
  ledger: Ledger;
}) {
  const { call } = client;
  const targetPost = (user: LoadUser) =>
    (Math.random() < 0.7 ? pickFrom(user.page) : undefined) ?? pickFrom(ledger.postIds) ?? 0;

  const browseFeed = async (user: LoadUser) => {
    let kind: Kind = 'feed';
    let url = '/api/posts';
    if (user.cursor !== null && Math.random() < 0.5) {
      kind = 'feed-next';
      url = `/api/posts?${user.filter}${user.filter ? '&' : ''}cursor=${user.cursor}`;
    } else {
      const r = Math.random();
      const filter =
        r < 0.6
          ? ''
          : r < 0.7
            ? `property_type=${pickFrom(PROPERTY_TYPES)}`
            : r < 0.8
              ? `city=${pickFrom(cityIds)}`
              : r < 0.9
                ? `purpose=${pickFrom(PURPOSES)}`
                : `author=${pickFrom(users)?.id}`;
      if (filter) kind = 'feed-filtered';
      user.filter = filter;
      url = filter ? `/api/posts?${filter}` : url;
    }
    const page = await call(kind, user, { method: 'GET', url }, [200], feedBody);
    if (!page) return;
    user.cursor = page.data.next_cursor;
    if (page.data.posts.length > 0) user.page = page.data.posts.map((p) => p.id);
  };

  const openPost = async (user: LoadUser) => {
    const id = targetPost(user);
    await call('post', user, { method: 'GET', url: `/api/posts/${id}` }, [200], postBody);
    if (Math.random() < 0.4) {
      await call('comments-list', user, { method: 'GET', url: `/api/posts/${id}/comments` }, [200], anyBody);
    }
  };

  const toggleLike = async (user: LoadUser) => {
    const id = targetPost(user);
    const before = user.likes.get(id) ?? false;
    const answer = await call(
      'like',
      user,
      { method: 'POST', url: `/api/posts/${id}/like` },
      [200],
      likeBody,
    );
    if (!answer) return;
    // Only this user toggles this pair, one request after another: each answer must flip it.
    if (answer.data.is_liked === before) {
      ledger.anomalies.push(`like of user ${user.id} on post ${id} stayed ${before} after a toggle`);
    }
    user.likes.set(id, answer.data.is_liked);
  };

  const comment = async (user: LoadUser) => {
    const postId = targetPost(user);
    const parentId = Math.random() < 0.3 ? (pickFrom(ledger.topCommentsOf.get(postId) ?? []) ?? null) : null;
    user.seq += 1;
    const body = `Load comment ${user.index}.${user.seq}: is parking included? هل الموقف متاح؟`;
    const answer = await call(
      parentId ? 'reply' : 'comment',
      user,
      {
        method: 'POST',
        url: `/api/posts/${postId}/comments`,
        json: parentId ? { comment: body, parent_id: parentId } : { comment: body },
      },
      [201],
      commentBody,
    );
    if (!answer) return;
    const { id } = answer.data;
    if (answer.data.post_id !== postId || answer.data.parent_id !== parentId) {
      ledger.anomalies.push(
        `comment ${id} answered post ${answer.data.post_id}, parent ${answer.data.parent_id}`,
      );
    }
    ledger.comments.push({ id, postId, userId: user.id, parentId, body });
    if (!parentId) ledger.topCommentsOf.set(postId, [...(ledger.topCommentsOf.get(postId) ?? []), id]);
  };

  /** Mostly the fixed partner (index xor 1), sometimes a neighbour: new pairs keep being opened. */
  const chatPartner = (user: LoadUser) =>
    Math.random() < 0.7 ? user.index ^ 1 : (user.index + 1 + randomInt(4)) % users.length;

  const conversationWith = async (user: LoadUser, other: LoadUser) => {
    const known = user.conversations.get(other.index);
    if (known) return known;
    const answer = await call(
      'chat-open',
      user,
      { method: 'POST', url: '/api/chat/conversations', json: { user_id: other.id } },
      [200, 201],
      conversationBody,
    );
    if (!answer) return undefined;
    const { id } = answer.data;
    if (answer.status === 201) ledger.conversationsCreated += 1;
    const pair = { a: Math.min(user.id, other.id), b: Math.max(user.id, other.id) };
    const seen = ledger.conversations.get(id);
    if (seen && (seen.a !== pair.a || seen.b !== pair.b)) {
      ledger.anomalies.push(
        `conversation ${id} answered for users ${pair.a}:${pair.b}, before for ${seen.a}:${seen.b}`,
      );
    }
    ledger.conversations.set(id, pair);
    // Both ends of a pair are given the same conversation, whoever opened it first.
    const theirs = other.conversations.get(user.index);
    if (theirs !== undefined && theirs !== id) {
      ledger.anomalies.push(`users ${user.id} and ${other.id} were given conversations ${id} and ${theirs}`);
    }
    user.conversations.set(other.index, id);
    return id;
  };

  const chat = async (user: LoadUser) => {
    const other = users[chatPartner(user)];
    const conversationId = other && (await conversationWith(user, other));
    if (!conversationId) return;
    user.seq += 1;
    const clientId = `load-${user.index}-${user.seq}`;
    const content = `Is the unit still available? ${user.index}.${user.seq} — هل الوحدة متاحة؟`;
    const answer = await call(
      'chat-send',
      user,
      {
        method: 'POST',
        url: `/api/chat/conversations/${conversationId}/messages`,
        json: { content, client_id: clientId },
      },
      [201],
      messageBody,
    );
    if (!answer) return;
    const { data } = answer;
    if (
      data.conversation_id !== conversationId ||
      data.sender_id !== user.id ||
      data.client_id !== clientId
    ) {
      ledger.anomalies.push(
        `message ${data.id} answered ${JSON.stringify(data)} for ${conversationId}/${clientId}`,
      );
    }
    ledger.messages.push({ id: data.id, conversationId, senderId: user.id, clientId, content });
  };

  const readChat = async (user: LoadUser) => {
    const conversationId = pickFrom([...user.conversations.values()]);
    if (conversationId && Math.random() < 0.6) {
      const url = `/api/chat/conversations/${conversationId}/messages?per_page=50`;
      await call('chat-messages', user, { method: 'GET', url }, [200], anyBody);
    } else {
      await call('chat-list', user, { method: 'GET', url: '/api/chat/conversations' }, [200], anyBody);
    }
  };

  const upload = async (user: LoadUser) => {
    user.uploads += 1;
    user.seq += 1;
    const description = `Retail unit with photos, load upload ${user.index}.${user.seq}`;
    const count = 1 + randomInt(2);
    const form = await multipartBody(
      {
        description,
        property_type: pickFrom(PROPERTY_TYPES) ?? 'retail',
        location_id: String(pickFrom(cityIds)),
        purpose: pickFrom(PURPOSES) ?? 'sale',
        price: String(100_000 + randomInt(900_000)),
        currency: 'SAR',
      },
      Array.from({ length: count }, (_, i) => ({
        name: `unit-${i + 1}.jpg`,
        bytes: pickFrom(photos) ?? Buffer.alloc(0),
        type: 'image/jpeg',
        field: 'media[]',
      })),
    );
    const answer = await call('upload', user, { method: 'POST', url: '/api/posts', form }, [201], postBody);
    if (!answer) return;
    if (answer.data.media.length !== count || answer.data.user_id !== user.id) {
      ledger.anomalies.push(
        `upload ${answer.data.id} answered ${answer.data.media.length} photos of ${count}`,
      );
    }
    ledger.uploads.push({ postId: answer.data.id, userId: user.id, photos: count, description });
    ledger.postIds.push(answer.data.id);
  };

  const weighted: [number, (user: LoadUser) => Promise<void>][] = [
    [30, browseFeed],
    [14, openPost],
    [18, toggleLike],
    [11, comment],
    [15, chat],
    [8, readChat],
    [4, (user) => (user.uploads < UPLOADS_PER_USER ? upload(user) : browseFeed(user))],
  ];
  const total = weighted.reduce((sum, [weight]) => sum + weight, 0);
  return {
    next(): (user: LoadUser) => Promise<void> {
      let r = Math.random() * total;
      for (const [weight, action] of weighted) {
        r -= weight;
        if (r < 0) return action;
      }
      return browseFeed;
    },
  };
}

/** Every difference between the database and the ledger, by what it concerns (empty lists: none). */
async function compareWithDatabase(db: pg.Client, ledger: Ledger, users: LoadUser[], dataDir: string) {
  const likeRows = (
    await db.query<{ post_id: number; user_id: number }>('select post_id, user_id from post_likes')
  ).rows;
  const likedInDb = new Set(likeRows.map((r) => `${r.user_id}:${r.post_id}`));
  const likedExpected = new Set(
    users.flatMap((u) => [...u.likes].filter(([, liked]) => liked).map(([postId]) => `${u.id}:${postId}`)),
  );

  const commentRows = new Map(
    (
      await db.query<{
        id: number;
        post_id: number;
        user_id: number;
        parent_id: number | null;
        body: string;
      }>('select id, post_id, user_id, parent_id, body from comments')
    ).rows.map((r) => [r.id, r]),
  );
  const messageRows = new Map(
    (
      await db.query<{
        id: number;
        conversation_id: number;
        sender_id: number;
        client_id: string | null;
        content: string | null;
      }>('select id, conversation_id, sender_id, client_id, content from messages')
    ).rows.map((r) => [r.id, r]),
  );
  const conversationRows = (
    await db.query<{ id: number; pair_key: string; users: number[] }>(
      `select c.id, c.pair_key, array_agg(p.user_id order by p.user_id) as users
       from conversations c join conversation_participants p on p.conversation_id = c.id group by c.id`,
    )
  ).rows;
  const postRows = new Map(
    (
      await db.query<{ id: number; user_id: number; description: string | null }>(
        'select id, user_id, description from posts',
      )
    ).rows.map((r) => [r.id, r]),
  );
  const mediaRows = (
    await db.query<{ post_id: number; key: string }>(
      'select post_id, key from post_media order by post_id, position',
    )
  ).rows;

  // One sender's messages, sent one after another, have increasing ids in their conversation.
  const lastIdOf = new Map<string, number>();
  const messagesOutOfOrder = ledger.messages.flatMap((m) => {
    const key = `${m.conversationId}:${m.senderId}`;
    const last = lastIdOf.get(key) ?? 0;
    lastIdOf.set(key, m.id);
    return m.id > last ? [] : [`message ${m.id} after ${last} in conversation:sender ${key}`];
  });

  const differences = {
    likesMissing: [...likedExpected].filter((k) => !likedInDb.has(k)).map((k) => `user:post ${k}`),
    likesNotUndone: [...likedInDb].filter((k) => !likedExpected.has(k)).map((k) => `user:post ${k}`),
    comments: ledger.comments.flatMap((c) => {
      const row = commentRows.get(c.id);
      if (!row) return [`comment ${c.id} missing`];
      const same =
        row.post_id === c.postId &&
        row.user_id === c.userId &&
        row.parent_id === c.parentId &&
        row.body === c.body;
      return same
        ? []
        : [`comment ${c.id} stored as ${JSON.stringify(row)}, acknowledged ${JSON.stringify(c)}`];
    }),
    commentsNeverAcknowledged:
      commentRows.size === ledger.comments.length ? [] : [`${commentRows.size} rows`],
    messages: ledger.messages.flatMap((m) => {
      const row = messageRows.get(m.id);
      if (!row) return [`message ${m.id} missing`];
      const same =
        row.conversation_id === m.conversationId &&
        row.sender_id === m.senderId &&
        row.client_id === m.clientId &&
        row.content === m.content;
      return same
        ? []
        : [`message ${m.id} stored as ${JSON.stringify(row)}, acknowledged ${JSON.stringify(m)}`];
    }),
    messagesNeverAcknowledged:
      messageRows.size === ledger.messages.length ? [] : [`${messageRows.size} rows`],
    messagesOutOfOrder,
    conversations: [
      ...conversationRows.flatMap((row) => {
        const pair = ledger.conversations.get(row.id);
        const key = pair && `${pair.a}:${pair.b}`;
        return key && row.pair_key === key && row.users.join(':') === key
          ? []
          : [`conversation ${JSON.stringify(row)} acknowledged as ${key}`];
      }),
      ...(conversationRows.length === ledger.conversations.size
        ? []
        : [`${conversationRows.length} stored, ${ledger.conversations.size} acknowledged`]),
      ...(ledger.conversationsCreated === ledger.conversations.size
        ? []
        : [`${ledger.conversationsCreated} answers 201 for ${ledger.conversations.size} conversations`]),
    ],
    uploads: ledger.uploads.flatMap((u) => {
      const row = postRows.get(u.postId);
      const keys = mediaRows.filter((m) => m.post_id === u.postId).map((m) => m.key);
      const files = keys.flatMap((key) =>
        [480, 1280].map((size) => path.join(dataDir, 'media', 'post_photos', `${key}-${size}.webp`)),
      );
      return [
        ...(row?.user_id === u.userId && row.description === u.description
          ? []
          : [`post ${u.postId} stored as ${JSON.stringify(row)}`]),
        ...(keys.length === u.photos
          ? []
          : [`post ${u.postId} has ${keys.length} media rows of ${u.photos}`]),
        ...files.filter((f) => !existsSync(f)).map((f) => `post ${u.postId} photo file missing: ${f}`),
      ];
    }),
    posts:
      postRows.size === ledger.postIds.length
        ? []
        : [`${postRows.size} stored, ${ledger.postIds.length} acknowledged`],
  };
  const accounted = {
    likedAtEnd: `${[...likedExpected].filter((k) => likedInDb.has(k)).length}/${likedExpected.size} (db ${likedInDb.size})`,
    comments: `${ledger.comments.filter((c) => commentRows.has(c.id)).length}/${ledger.comments.length} (db ${commentRows.size})`,
    messages: `${ledger.messages.filter((m) => messageRows.has(m.id)).length}/${ledger.messages.length} (db ${messageRows.size})`,
    conversations: `${conversationRows.length}/${ledger.conversations.size} (201s ${ledger.conversationsCreated})`,
    uploads: `${ledger.uploads.filter((u) => postRows.has(u.postId)).length}/${ledger.uploads.length} (media rows ${mediaRows.length})`,
    posts: `${postRows.size}/${ledger.postIds.length}`,
  };
  return { differences, accounted, likedExpected };
}

describe.skipIf(!adminUrl)(
  'load: 200 users for 60 s against one process on PostgreSQL (needs DATABASE_URL)',
  () => {
    it('answers every request without error and accounts for every write', {
      timeout: LOAD_SECONDS * 1000 + 200_000,
    }, async () => {
      // One server process on a fresh database, with a data folder of its own.
      const database = await createPostgresDatabase(adminUrl ?? '');
      cleanups.push(database.drop);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'makan-load-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServer(testServerEnv(port, dataDir, { DATABASE_URL: database.url }));
      cleanups.push(() => stopServer(server));
      await waitReady(port, server);
      const log = () => server.output().slice(-4000);

      // The server has migrated the database: add the users next to it.
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      cleanups.push(() => db.end());
      const users = await insertUsers(db, USERS);
      const cityIds = (await db.query<{ id: number }>('select id from cities order by id limit 12')).rows.map(
        (r) => r.id,
      );
      expect(cityIds.length, 'the server seeds the reference cities').toBeGreaterThan(0);
      const photos = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => jpeg(200 + i * 20, 150 + i * 10)));

      const client = createClient(port);
      cleanups.push(client.close);
      const ledger: Ledger = {
        postIds: [],
        comments: [],
        topCommentsOf: new Map(),
        messages: [],
        conversations: new Map(),
        conversationsCreated: 0,
        uploads: [],
        anomalies: [],
      };

      // Posts to start from, created over HTTP by the first users.
      await Promise.all(
        users.slice(0, INITIAL_POSTS).map(async (user, i) => {
          const form = await multipartBody({
            description: `Office to let, load post ${i}, near the metro`,
            property_type: PROPERTY_TYPES[i % PROPERTY_TYPES.length] ?? 'office',
            location_id: String(cityIds[i % cityIds.length]),
            purpose: PURPOSES[i % PURPOSES.length] ?? 'rent',
          });
          const request = { method: 'POST', url: '/api/posts', form } as const;
          const created = await client.call('setup-post', user, request, [201], postBody);
          if (created) ledger.postIds.push(created.data.id);
        }),
      );
      expect(client.failures, log()).toEqual([]);

      // Live sockets: every MessageSent each receives, and any drop during the load.
      const received = new Map<number, number[]>();
      const drops: string[] = [];
      let loadOver = false;
      const sockets = await Promise.all(
        users.slice(0, SOCKET_USERS).map(async (user) => {
          const socket = openSocket(base, user.token);
          cleanups.push(() => {
            socket.close();
          });
          const seen: number[] = [];
          received.set(user.id, seen);
          socket.on('MessageSent', ({ message }) => {
            seen.push(message.id);
          });
          await whenConnected(socket);
          socket.on('disconnect', (reason) => {
            if (!loadOver) drops.push(`user ${user.id}: ${reason}`);
          });
          return socket;
        }),
      );

      // The load: every user in a loop until the deadline, thinking a little between actions.
      const actions = userActions({ client, users, cityIds, photos, ledger });
      const startedAt = Date.now();
      const deadline = startedAt + LOAD_SECONDS * 1000;
      await Promise.all(
        users.map(async (user) => {
          // Users arrive over the first second, not all in the same millisecond.
          await sleep(randomInt(1000));
          while (Date.now() < deadline) {
            await actions.next()(user);
            await sleep(THINK_MS.min + randomInt(THINK_MS.max - THINK_MS.min));
          }
        }),
      );
      const loadMs = Date.now() - startedAt;

      // Real time: every message reaches the live sockets of both users of its conversation (their
      // user channel), once, and no socket receives another conversation's message.
      const expectedEvents = new Map<number, Set<number>>([...received.keys()].map((id) => [id, new Set()]));
      for (const m of ledger.messages) {
        const pair = ledger.conversations.get(m.conversationId);
        for (const userId of pair ? [pair.a, pair.b] : []) expectedEvents.get(userId)?.add(m.id);
      }
      const missingEvents = () =>
        [...expectedEvents].flatMap(([userId, ids]) => {
          const seen = new Set(received.get(userId));
          return [...ids].filter((id) => !seen.has(id)).map((id) => `user ${userId} message ${id}`);
        });
      const settleUntil = Date.now() + scaled(10_000);
      while (missingEvents().length > 0 && Date.now() < settleUntil) await sleep(100);
      loadOver = true;
      const events = {
        missing: missingEvents(),
        duplicated: [...received].flatMap(([userId, seen]) =>
          seen.length === new Set(seen).size
            ? []
            : [`user ${userId}: ${seen.length - new Set(seen).size} twice`],
        ),
        foreign: [...received].flatMap(([userId, seen]) =>
          seen
            .filter((id) => !expectedEvents.get(userId)?.has(id))
            .map((id) => `user ${userId} message ${id}`),
        ),
      };

      // The database holds exactly what was acknowledged.
      const { differences, accounted, likedExpected } = await compareWithDatabase(db, ledger, users, dataDir);

      // And the API counts it: likes_count and comments_count of every post.
      const likesOf = new Map<number, number>();
      for (const key of likedExpected) {
        const postId = Number(key.split(':')[1]);
        likesOf.set(postId, (likesOf.get(postId) ?? 0) + 1);
      }
      const commentsOf = new Map<number, number>();
      for (const c of ledger.comments) commentsOf.set(c.postId, (commentsOf.get(c.postId) ?? 0) + 1);
      const countsWrong: string[] = [];
      const checker = users[0];
      if (!checker) throw new Error('no users');
      const queue = [...ledger.postIds];
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
            const request = { method: 'GET', url: `/api/posts/${id}` } as const;
            const post = await client.call('final-check', checker, request, [200], postBody);
            const likes = likesOf.get(id) ?? 0;
            const comments = commentsOf.get(id) ?? 0;
            if (post && (post.data.likes_count !== likes || post.data.comments_count !== comments)) {
              countsWrong.push(
                `post ${id}: likes_count ${post.data.likes_count} (expected ${likes}), comments_count ${post.data.comments_count} (expected ${comments})`,
              );
            }
          }
        }),
      );

      const socketEvents = [...received.values()].reduce((sum, seen) => sum + seen.length, 0);
      console.log(
        `load: ${JSON.stringify({
          seconds: Math.round(loadMs / 1000),
          users: USERS,
          sockets: SOCKET_USERS,
          requests: client.requests(),
          failures: client.failures.length,
          status5xx: client.failures.filter((f) => (f.status ?? 0) >= 500).length,
          kinds: client.summary(),
          accounted: {
            likeToggles: client.count('like'),
            ...accounted,
            socketEvents: `${socketEvents - events.foreign.length}/${[...expectedEvents.values()].reduce((sum, ids) => sum + ids.size, 0)}`,
          },
        })}`,
      );

      // Every problem at once, by what it concerns (the first 10 of each, and how many in all).
      const problems = Object.fromEntries(
        Object.entries({
          failedRequests: client.failures.map((f) => JSON.stringify(f)),
          answersContradictingTheUser: ledger.anomalies,
          ...differences,
          countsShownByTheApi: countsWrong,
          messageSentNotReceived: events.missing,
          messageSentTwice: events.duplicated,
          messageSentOfAnotherConversation: events.foreign,
          socketsDroppedDuringTheLoad: drops,
        })
          .filter(([, list]) => list.length > 0)
          .map(([what, list]) => [what, [`${list.length} in all`, ...list.slice(0, 10)]]),
      );
      expect(problems, client.failures.length > 0 ? log() : undefined).toEqual({});
      const kinds = ['feed', 'feed-next', 'post', 'like', 'comment', 'reply', 'chat-send', 'upload'] as const;
      // Every kind of action really happened (a short development run may miss the rarer ones).
      if (LOAD_SECONDS >= 20) {
        for (const kind of kinds) expect(client.count(kind), `${kind} requests made`).toBeGreaterThan(0);
      }

      // A clean stop: sockets and connections closed, SIGTERM, exit code 0.
      for (const socket of sockets) socket.close();
      client.close();
      server.child.kill('SIGTERM');
      expect(await server.exited, log()).toBe(0);
    });
  },
);
