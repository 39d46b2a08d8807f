import { LIMITS } from '@makan/contract/limits';
import { LICENCE_MAX } from '@makan/contract/listing';
import { formatText, HTTP_TEXT, TEXT, type TextCode, textOf } from '@makan/contract/texts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedMessages } from '../test/auth-helpers.ts';
import { multipartBody } from '../test/form.ts';
import { createTestApp } from '../test/test-app.ts';
import { signedInUser } from '../test/users.ts';
import type { App } from './http.ts';

// One mapper turns a schema's issues into field messages for JSON bodies and multipart forms alike:
// the same bad field says the same catalogue words, with the same keys, whichever way it came.

const messages = capturedMessages();
let app: App;
type User = Awaited<ReturnType<typeof signedInUser>>;
let sara: User;
let postId: number;
let conversationId: number;

beforeAll(async () => {
  ({ app } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms }));
  await app.ready();
  sara = await signedInUser(app, messages, { name: 'Sara Ahmed' });
  const omar = await signedInUser(app, messages, { name: 'Omar Khalid' });
  const created = await postForm({ property_type: 'office', location: 'Olaya', description: 'An office' });
  expect(created.statusCode, created.body).toBe(201);
  postId = created.json().data.id;
  const conversation = await app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: sara.auth,
    payload: { user_id: omar.id },
  });
  conversationId = conversation.json().data.id;
});
afterAll(() => app?.close());

async function postForm(fields: Record<string, string>) {
  const body = await multipartBody(fields);
  return app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: body.payload,
    headers: { ...sara.auth, ...body.headers },
  });
}

interface Answer {
  statusCode: number;
  json: () => { errors?: Record<string, string[]>; codes?: Record<string, TextCode[]> };
}

/** The field's messages and keys, checked to be the same words. */
function fieldOf(res: Answer, field: string) {
  expect(res.statusCode).toBe(422);
  const { errors, codes } = res.json();
  const words = errors?.[field];
  const keys = codes?.[field];
  if (keys) expect(keys.map(textOf)).toEqual(words);
  return { words, keys };
}

describe('one field mapper for JSON and multipart', () => {
  const postCases: [string, Record<string, string>, string][] = [
    [
      'description',
      { description: 'x'.repeat(LIMITS.postTextMax + 1) },
      formatText(TEXT.maxLength, { length: LIMITS.postTextMax }),
    ],
    ['property_type', { property_type: 'villa' }, TEXT.invalidPropertyType],
    ['purpose', { purpose: 'swap' }, TEXT.invalidPurpose],
    ['area_m2', { area_m2: 'big' }, TEXT.invalidNumber],
    [
      'licence_number',
      { licence_number: 'x'.repeat(LICENCE_MAX + 1) },
      formatText(TEXT.maxLength, { length: LICENCE_MAX }),
    ],
  ];
  for (const [field, change, text] of postCases) {
    it(`a post's ${field}: the same words from PUT (JSON) and POST (multipart)`, async () => {
      const json = await app.inject({
        method: 'PUT',
        url: `/api/posts/${postId}`,
        headers: sara.auth,
        payload: change,
      });
      const form = await postForm({
        property_type: 'office',
        location: 'Olaya',
        description: 'x',
        ...change,
      });
      const fromJson = fieldOf(json, field);
      const fromForm = fieldOf(form, field);
      expect(fromJson.words?.[0]).toBe(text);
      expect(fromForm).toEqual(fromJson);
    });
  }

  const chatCases: [string, Record<string, string>, string][] = [
    ['client_id', { client_id: 'not an id!' }, TEXT.clientIdInvalid],
    [
      'client_id',
      { client_id: 'x'.repeat(LIMITS.chatClientIdMax + 1) },
      formatText(TEXT.maxLength, { length: LIMITS.chatClientIdMax }),
    ],
    // zod's own words ("Too small: expected number to be >0") never go out: the catalogue's 422 does.
    ['reply_to_id', { reply_to_id: '-1' }, HTTP_TEXT[422]],
  ];
  for (const [field, change, text] of chatCases) {
    it(`a chat message's ${field} (${JSON.stringify(change[field]).slice(0, 16)}): the same words from the JSON send and the file upload`, async () => {
      const json = await app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${conversationId}/messages`,
        headers: sara.auth,
        payload: { content: 'Hello', ...change },
      });
      const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer();
      const body = await multipartBody(change, [{ name: 'a.png', bytes: photo, type: 'image/png' }]);
      const form = await app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${conversationId}/files`,
        payload: body.payload,
        headers: { ...sara.auth, ...body.headers },
      });
      const fromJson = fieldOf(json, field);
      const fromForm = fieldOf(form, field);
      expect(fromJson.words).toEqual([text]);
      expect(fromForm).toEqual(fromJson);
    });
  }
});
