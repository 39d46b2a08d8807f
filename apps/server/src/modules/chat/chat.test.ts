import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ChatMessage, Conversation } from '@makan/contract/chat';
import { LIMITS } from '@makan/contract/limits';
import { formatText, HTTP_TEXT, TEXT } from '@makan/contract/texts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { multipartBody } from '../../test/form.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';

const messages = capturedMessages();
let app: App;
let filesDir: string;
type User = Awaited<ReturnType<typeof signedInUser>>;
let sara: User;
let omar: User;
let stranger: User;

beforeAll(async () => {
  let config: { dataDir: string };
  ({ app, config } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms }));
  filesDir = path.join(config.dataDir, 'chat-files');
  await app.ready();
  sara = await signedInUser(app, messages, { name: 'Sara Ahmed' });
  omar = await signedInUser(app, messages, { name: 'Omar Khalid' });
  stranger = await signedInUser(app, messages, { name: 'Nosy Stranger' });
});
afterAll(() => app?.close());

const api = (user: User | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, ...(user ? { headers: user.auth } : {}), ...(payload ? { payload } : {}) });

async function open(a: User, b: User): Promise<Conversation> {
  const res = await api(a, 'POST', '/api/chat/conversations', { user_id: b.id });
  expect([200, 201]).toContain(res.statusCode);
  return res.json().data;
}

async function send(
  from: User,
  conversationId: number,
  content: string,
  extra: object = {},
): Promise<ChatMessage> {
  const res = await api(from, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
    content,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function page(user: User, conversationId: number, query = '') {
  const res = await api(user, 'GET', `/api/chat/conversations/${conversationId}/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { messages: ChatMessage[]; pagination: Record<string, number | boolean> };
}

const filesOnDisk = () => {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : [e.name],
      );
    } catch {
      return [];
    }
  };
  return walk(filesDir).length;
};

describe('conversations', () => {
  it('opens one private conversation per pair, from either side', async () => {
    const first = await api(sara, 'POST', '/api/chat/conversations', { user_id: omar.id });
    expect(first.statusCode).toBe(201);
    const again = await api(sara, 'POST', '/api/chat/conversations', { user_id: omar.id });
    const fromOmar = await api(omar, 'POST', '/api/chat/conversations', { user_id: sara.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(fromOmar.json().data.id).toBe(first.json().data.id);
    const data: Conversation = first.json().data;
    expect(data.type).toBe('private');
    expect(data.other_participant?.name).toBe('Omar Khalid');
    expect(data.participants.map((p) => p.id).sort()).toEqual([sara.id, omar.id].sort());
  });

  it('opens two at once as one (unique pair)', async () => {
    const a = await signedInUser(app, messages, { name: 'Race One' });
    const b = await signedInUser(app, messages, { name: 'Race Two' });
    const [x, y] = await Promise.all([
      api(a, 'POST', '/api/chat/conversations', { user_id: b.id }),
      api(b, 'POST', '/api/chat/conversations', { user_id: a.id }),
    ]);
    expect(x?.json().data.id).toBe(y?.json().data.id);
  });

  it('refuses yourself, unknown users and anonymous callers in the spec words', async () => {
    const self = await api(sara, 'POST', '/api/chat/conversations', { user_id: sara.id });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.user_id).toEqual([TEXT.cannotMessageSelf]);
    const unknown = await api(sara, 'POST', '/api/chat/conversations', { user_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TEXT.userNotFound);
    const anonymous = await api(null, 'POST', '/api/chat/conversations', { user_id: omar.id });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(HTTP_TEXT[401]);
  });

  it('shows the conversation to the other person once the first message arrives, with unread counts', async () => {
    const a = await signedInUser(app, messages, { name: 'Hala Writer' });
    const b = await signedInUser(app, messages, { name: 'Badr Reader' });
    const conversation = await open(a, b);
    const before = await api(b, 'GET', '/api/chat/conversations');
    expect(before.json().data.conversations).toEqual([]);
    await send(a, conversation.id, 'Is the office on Olaya Street still free?');
    await send(a, conversation.id, 'مرحبا، هل المكتب متاح؟');
    const list = (await api(b, 'GET', '/api/chat/conversations')).json().data;
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0].unread_count).toBe(2);
    expect(list.conversations[0].latest_message.content).toBe('مرحبا، هل المكتب متاح؟');
    expect(list.pagination).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    const unread = (await api(b, 'GET', '/api/chat/unread-count')).json().data;
    expect(unread).toEqual({
      unread_count: 2,
      total: 2,
      conversations: [{ conversation_id: conversation.id, unread_count: 2 }],
    });
    // The sender has read their own messages.
    expect((await api(a, 'GET', '/api/chat/unread-count')).json().data.total).toBe(0);

    const read = await api(b, 'POST', `/api/chat/conversations/${conversation.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.unread_count).toBe(0);
    expect(read.json().data.message_ids).toHaveLength(2);
    expect((await api(b, 'GET', '/api/chat/unread-count')).json().data.total).toBe(0);
    // Read ticks: the sender's messages are read now.
    const seen = await page(a, conversation.id);
    expect(seen.messages.map((m) => m.status)).toEqual(['read', 'read']);
    const listA = (await api(a, 'GET', '/api/chat/conversations')).json().data.conversations[0];
    expect(listA.other_last_read_message_id).toBe(seen.messages[1]?.id);
  });

  it('lists newest activity first, 20 a page', async () => {
    const hub = await signedInUser(app, messages, { name: 'Busy Broker' });
    const people: User[] = [];
    for (let i = 0; i < 3; i++)
      people.push(await signedInUser(app, messages, { name: `Client ${'ABC'[i]}` }));
    for (const person of people) {
      const c = await open(hub, person);
      await send(person, c.id, `hello from ${person.name}`);
    }
    const list = (await api(hub, 'GET', '/api/chat/conversations?per_page=2')).json().data;
    expect(list.conversations.map((c: Conversation) => c.other_participant?.name)).toEqual([
      'Client C',
      'Client B',
    ]);
    expect(list.pagination).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    const defaults = (await api(hub, 'GET', '/api/chat/conversations')).json().data.pagination;
    expect(defaults.per_page).toBe(LIMITS.conversationsPerPage);
  });
});

describe('messages', () => {
  let conversationId: number;
  beforeAll(async () => {
    conversationId = (await open(sara, omar)).id;
  });

  it('checks content by the spec rules and texts', async () => {
    const url = `/api/chat/conversations/${conversationId}/messages`;
    const empty = await api(sara, 'POST', url, { content: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.content).toEqual([TEXT.messageContentRequired]);
    const missing = await api(sara, 'POST', url, {});
    expect(missing.json().errors.content).toEqual([TEXT.messageContentRequired]);
    const long = await api(sara, 'POST', url, { content: 'x'.repeat(LIMITS.chatMessageMax + 1) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.content).toEqual(['Message content is too long (max 5000 characters)']);
    const max = await api(sara, 'POST', url, { content: 'x'.repeat(LIMITS.chatMessageMax) });
    expect(max.statusCode).toBe(201);
    const badId = await api(sara, 'GET', '/api/chat/conversations/abc/messages');
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors.id).toEqual([TEXT.conversationIdForMessages]);
    const badSend = await api(sara, 'POST', '/api/chat/conversations/0/messages', { content: 'hi' });
    expect(badSend.json().errors.id).toEqual([TEXT.conversationIdRequired]);
    const unknown = await api(sara, 'GET', '/api/chat/conversations/987654/messages');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(formatText(TEXT.conversationNotFound, { id: 987654 }));
  });

  it('stores one message for a client id sent twice at the same time, and answers it both times', async () => {
    const body = { content: 'sent twice, stored once', client_id: 'c-7f3a9b2e-double' };
    const url = `/api/chat/conversations/${conversationId}/messages`;
    const results = await Promise.all([
      api(sara, 'POST', url, body),
      api(sara, 'POST', url, body),
      api(sara, 'POST', url, body),
    ]);
    const ids = results.map((r) => r.json().data.id);
    expect(new Set(ids).size).toBe(1);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const later = await api(sara, 'POST', url, body);
    expect(later.json().data.id).toBe(ids[0]);
    const all = await page(omar, conversationId);
    expect(all.messages.filter((m) => m.content === body.content)).toHaveLength(1);
    // The same client id from the other person is their own message.
    const theirs = await api(omar, 'POST', url, body);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(ids[0]);
  });

  it('catches up with after=: exactly the messages after the one held, in order', async () => {
    const c = await open(await signedInUser(app, messages, { name: 'Catch Up' }), omar);
    const held = await send(omar, c.id, 'm0');
    const missed: number[] = [];
    for (let i = 1; i <= 7; i++) missed.push((await send(omar, c.id, `m${i}`)).id);
    const all = await page(omar, c.id, `?after=${held.id}`);
    expect(all.messages.map((m) => m.id)).toEqual(missed);
    expect(all.pagination.has_more).toBe(false);
    const first = await page(omar, c.id, `?after=${held.id}&per_page=3`);
    expect(first.messages.map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
    expect(first.pagination.has_more).toBe(true);
    const none = await page(omar, c.id, `?after=${missed[6]}`);
    expect(none.messages).toEqual([]);
  });

  it('pages from the newest: page 1, page 2 and before=', async () => {
    const c = await open(await signedInUser(app, messages, { name: 'Pager' }), sara);
    for (let i = 1; i <= 5; i++) await send(sara, c.id, `p${i}`);
    const newest = await page(sara, c.id, '?per_page=2');
    expect(newest.messages.map((m) => m.content)).toEqual(['p4', 'p5']);
    expect(newest.pagination).toMatchObject({ current_page: 1, last_page: 3, total: 5 });
    const second = await page(sara, c.id, '?per_page=2&page=2');
    expect(second.messages.map((m) => m.content)).toEqual(['p2', 'p3']);
    const older = await page(sara, c.id, `?per_page=2&before=${newest.messages[0]?.id}`);
    expect(older.messages.map((m) => m.content)).toEqual(['p2', 'p3']);
    expect(older.pagination.has_more).toBe(true);
  });

  it('replies, edits and deletes own messages only', async () => {
    const original = await send(omar, conversationId, 'What is the rent per m²?');
    const reply = await send(sara, conversationId, '1,200 SAR', { reply_to_id: original.id });
    expect(reply.reply_to).toMatchObject({
      id: original.id,
      content: 'What is the rent per m²?',
      sender_name: 'Omar Khalid',
    });
    const foreignReply = await api(sara, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
      content: 'x',
      reply_to_id: 999_999,
    });
    expect(foreignReply.statusCode).toBe(422);
    expect(foreignReply.json().errors.reply_to_id).toEqual([TEXT.messageNotFound]);

    const url = `/api/chat/conversations/${conversationId}/messages/${reply.id}`;
    const notMine = await api(omar, 'PUT', url, { content: 'hacked' });
    expect(notMine.statusCode).toBe(403);
    const edited = await api(sara, 'PUT', url, { content: '1,150 SAR' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ content: '1,150 SAR', is_edited: true });
    const missing = await api(sara, 'PUT', `/api/chat/conversations/${conversationId}/messages/999999`, {
      content: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TEXT.messageNotFound);

    expect((await api(omar, 'DELETE', url)).statusCode).toBe(403);
    const deleted = await api(sara, 'DELETE', url);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toMatchObject({ id: reply.id, is_deleted: true, content: null });
    const after = await page(omar, conversationId, `?after=${original.id}`);
    expect(after.messages.find((m) => m.id === reply.id)).toMatchObject({ is_deleted: true, content: null });
    expect((await api(sara, 'PUT', url, { content: 'again' })).statusCode).toBe(403);
  });

  it('searches conversations by name and by message text, and messages within one (en/ar)', async () => {
    const a = await signedInUser(app, messages, { name: 'Searcher Person' });
    const b = await signedInUser(app, messages, { name: 'Yasmin Haddad' });
    const c = await open(a, b);
    await send(b, c.id, 'المستودع في جدة متاح للإيجار');
    await send(b, c.id, 'The warehouse in Jeddah is available');
    const byName = (await api(a, 'GET', '/api/chat/conversations/search?q=yasm')).json().data.conversations;
    expect(byName.map((x: Conversation) => x.id)).toEqual([c.id]);
    const byText = (
      await api(a, 'GET', `/api/chat/conversations/search?q=${encodeURIComponent('المستودع')}`)
    ).json().data.conversations;
    expect(byText.map((x: Conversation) => x.id)).toEqual([c.id]);
    const none = (await api(stranger, 'GET', '/api/chat/conversations/search?q=warehouse')).json().data
      .conversations;
    expect(none).toEqual([]);
    const blank = await api(a, 'GET', '/api/chat/conversations/search?q=%20');
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.q).toEqual([TEXT.searchKeywordRequired]);
    const found = (await api(a, 'GET', `/api/chat/conversations/${c.id}/messages/search?q=WAREHOUSE`)).json()
      .data;
    expect(found.messages.map((m: ChatMessage) => m.content)).toEqual([
      'The warehouse in Jeddah is available',
    ]);
  });
});

describe('who may touch a conversation', () => {
  it('answers 404 to a non-participant for every call and changes nothing', async () => {
    const c = await open(sara, omar);
    const message = await send(sara, c.id, 'private: the price is 90,000');
    const base = `/api/chat/conversations/${c.id}`;
    const calls: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['conversation', 'GET', base],
      ['messages', 'GET', `${base}/messages`],
      ['catch-up', 'GET', `${base}/messages?after=0`],
      ['send', 'POST', `${base}/messages`, { content: 'let me in' }],
      ['edit', 'PUT', `${base}/messages/${message.id}`, { content: 'mine now' }],
      ['delete', 'DELETE', `${base}/messages/${message.id}`],
      ['read', 'POST', `${base}/read`],
      ['search', 'GET', `${base}/messages/search?q=price`],
      ['participants', 'GET', `${base}/participants`],
      ['leave', 'POST', `${base}/leave`],
    ];
    for (const [name, method, url, payload] of calls) {
      const res = await api(stranger, method, url, payload);
      expect(res.statusCode, name).toBe(404);
      expect(res.body, name).not.toContain('90,000');
    }
    const body = await multipartBody({}, [{ name: 'x.txt', bytes: Buffer.from('hello') }]);
    const upload = await app.inject({
      method: 'POST',
      url: `${base}/files`,
      payload: body.payload,
      headers: { ...stranger.auth, ...body.headers },
    });
    expect(upload.statusCode).toBe(404);
    const hide = await api(stranger, 'DELETE', '/api/chat/conversations', { conversation_ids: [c.id] });
    expect(hide.json().data.deleted).toEqual([]);
    expect((await api(stranger, 'GET', '/api/chat/conversations')).json().data.conversations).toEqual([]);
    const still = await page(omar, c.id, `?after=${message.id - 1}`);
    expect(still.messages[0]).toMatchObject({ content: 'private: the price is 90,000', is_deleted: false });
    for (const [name, method, url, payload] of calls) {
      const res = await api(null, method, url, payload);
      expect(res.statusCode, name).toBe(401);
    }
  });
});

describe('delete and leave', () => {
  it('deletes for the caller only; a new message brings it back without the old history', async () => {
    const a = await signedInUser(app, messages, { name: 'Deleter' });
    const b = await signedInUser(app, messages, { name: 'Keeper' });
    const c = await open(a, b);
    await send(b, c.id, 'old one');
    const empty = await api(a, 'DELETE', '/api/chat/conversations', { conversation_ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.conversation_ids).toEqual([TEXT.noConversationIds]);
    const missing = await api(a, 'DELETE', '/api/chat/conversations', {});
    expect(missing.json().errors.conversation_ids).toEqual([TEXT.noConversationIds]);
    const done = await api(a, 'DELETE', '/api/chat/conversations', { conversation_ids: [c.id] });
    expect(done.json()).toMatchObject({ message: TEXT.conversationsDeleted, data: { deleted: [c.id] } });
    expect((await api(a, 'GET', '/api/chat/conversations')).json().data.conversations).toEqual([]);
    expect((await api(a, 'GET', '/api/chat/unread-count')).json().data.total).toBe(0);
    expect((await api(b, 'GET', '/api/chat/conversations')).json().data.conversations).toHaveLength(1);
    await send(b, c.id, 'new one');
    const back = (await api(a, 'GET', '/api/chat/conversations')).json().data.conversations;
    expect(back).toHaveLength(1);
    expect(back[0].unread_count).toBe(1);
    expect((await page(a, c.id)).messages.map((m) => m.content)).toEqual(['new one']);
    expect((await page(b, c.id)).messages.map((m) => m.content)).toEqual(['old one', 'new one']);
  });

  it('leaving ends the conversation for the other side until the leaver starts it again', async () => {
    const a = await signedInUser(app, messages, { name: 'Leaver' });
    const b = await signedInUser(app, messages, { name: 'Stayer' });
    const c = await open(a, b);
    await send(a, c.id, 'bye');
    expect((await api(a, 'POST', `/api/chat/conversations/${c.id}/leave`)).statusCode).toBe(200);
    expect((await api(a, 'GET', '/api/chat/conversations')).json().data.conversations).toEqual([]);
    expect((await api(a, 'GET', `/api/chat/conversations/${c.id}/messages`)).statusCode).toBe(404);
    const seen = (await api(b, 'GET', '/api/chat/conversations')).json().data.conversations[0];
    expect(seen.is_active).toBe(false);
    expect(seen.latest_message).toMatchObject({ type: 'system', system_event: 'left' });
    const refused = await api(b, 'POST', `/api/chat/conversations/${c.id}/messages`, { content: 'wait' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TEXT.conversationLeft);
    const again = await api(a, 'POST', '/api/chat/conversations', { user_id: b.id });
    expect(again.json().data).toMatchObject({ id: c.id, is_active: true });
    expect((await page(a, c.id)).messages).toEqual([]);
    await send(b, c.id, 'welcome back');
    expect((await page(a, c.id)).messages.map((m) => m.content)).toEqual(['welcome back']);
  });
});

describe('files', () => {
  let c: Conversation;
  beforeAll(async () => {
    c = await open(sara, omar);
  });
  const upload = async (
    user: User,
    files: { name: string; bytes: Buffer }[],
    fields: Record<string, string> = {},
  ) => {
    const body = await multipartBody(fields, files);
    return app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${c.id}/files`,
      payload: body.payload,
      headers: { ...user.auth, ...body.headers },
    });
  };

  it('sends a photo (re-encoded, no metadata) with a caption, served by a signed address only', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    const res = await upload(sara, [{ name: 'office.jpg', bytes: photo }], {
      message: 'The lobby',
      client_id: 'photo-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const message: ChatMessage = res.json().data;
    expect(message).toMatchObject({
      type: 'image',
      content: 'The lobby',
      file_name: 'office.webp',
      file_extension: 'webp',
    });
    const [attachment] = message.attachments;
    expect(attachment).toMatchObject({ mime_type: 'image/webp', width: 900, height: 600 });
    const full = await app.inject({ method: 'GET', url: attachment?.url ?? '' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    const preview = await app.inject({ method: 'GET', url: attachment?.preview_url ?? '' });
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(480);
    const forged = (attachment?.url ?? '').replace(/signature=[0-9a-f]{4}/, 'signature=0000');
    expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const otherFile = (attachment?.url ?? '').replace(
      `/files/${attachment?.id}?`,
      `/files/${(attachment?.id ?? 0) + 1}?`,
    );
    expect((await app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(403);
    // Same client id again: the same message, and no second file kept.
    const filesBefore = filesOnDisk();
    const again = await upload(sara, [{ name: 'office.jpg', bytes: photo }], {
      message: 'The lobby',
      client_id: 'photo-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(message.id);
    expect(filesOnDisk()).toBe(filesBefore);
  });

  it('sends a PDF and a text file as downloads', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const res = await upload(omar, [{ name: 'العقد.pdf', bytes: pdf }]);
    expect(res.statusCode, res.body).toBe(201);
    const message: ChatMessage = res.json().data;
    expect(message).toMatchObject({
      type: 'file',
      content: null,
      file_name: 'العقد.pdf',
      file_size: pdf.length,
    });
    const got = await app.inject({ method: 'GET', url: message.file_url ?? '' });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain('attachment;');
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('العقد.pdf'));
    expect(got.rawPayload.equals(pdf)).toBe(true);
    const text = await upload(omar, [{ name: 'notes.txt', bytes: Buffer.from('Floor plan: 3 rooms\nمكتب') }]);
    expect(text.json().data).toMatchObject({ type: 'file', file_name: 'notes.txt', file_extension: 'txt' });
  });

  it('refuses what is not allowed, in the spec words, leaving nothing on disk', async () => {
    const before = filesOnDisk();
    const binary = await upload(sara, [
      { name: 'run.exe', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) },
    ]);
    expect(binary.statusCode).toBe(422);
    expect(binary.json().errors.file).toEqual(['Attachment 1 has unsupported file type']);
    const fakeJpeg = await upload(sara, [
      { name: 'x.jpg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]) },
    ]);
    expect(fakeJpeg.json().errors.file).toEqual(['Attachment 1 has unsupported file type']);
    const big = await upload(sara, [{ name: 'big.txt', bytes: Buffer.alloc(LIMITS.fileMaxBytes + 1, 0x61) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Attachment 1 is too large (max 10MB)');
    const none = await upload(sara, [], { message: 'no file' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual([TEXT.noFiles]);
    const notAFile = await upload(sara, [], { file: 'C:/fakepath/photo.jpg' });
    expect(notAFile.json().errors.file).toEqual([TEXT.noValidFiles]);
    const longCaption = await upload(sara, [{ name: 'a.txt', bytes: Buffer.from('ok') }], {
      message: 'x'.repeat(LIMITS.chatMessageMax + 1),
    });
    expect(longCaption.statusCode).toBe(422);
    expect(longCaption.json().errors.message).toEqual([TEXT.messageTooLong]);
    expect(filesOnDisk()).toBe(before);
  });

  it('deleting a file message removes its file', async () => {
    const res = await upload(sara, [{ name: 'tmp.txt', bytes: Buffer.from('temporary') }]);
    const message: ChatMessage = res.json().data;
    const before = filesOnDisk();
    await api(sara, 'DELETE', `/api/chat/conversations/${c.id}/messages/${message.id}`);
    expect(filesOnDisk()).toBe(before - 1);
    expect((await app.inject({ method: 'GET', url: message.file_url ?? '' })).statusCode).toBe(403);
  });
});
