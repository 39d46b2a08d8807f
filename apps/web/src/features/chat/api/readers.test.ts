import {
  chatAttachment,
  chatUser,
  conversationSchema,
  conversationSearchResult,
  conversationsResult,
  deleteConversationsResult,
  markReadResult,
  messageSchema,
  messagesResult,
  participantsResult,
  presenceResult,
  presenceSchema,
  unreadCountResult,
} from '@makan/contract/chat';
import { sendAck } from '@makan/contract/realtime';
import { describe, expect, it } from 'vitest';
import { itReadsAsItsSchema, sample } from '../../../test/reader-equivalence.ts';
import {
  chatAttachmentReader,
  chatUserReader,
  conversationReader,
  conversationSearchReader,
  conversationsReader,
  deleteConversationsReader,
  markReadReader,
  messageReader,
  messagesReader,
  participantsReader,
  presenceListReader,
  presenceReader,
  readSendAck,
  unreadCountsReader,
} from './readers.ts';

describe('the chat readers read as the contract’s schemas do', () => {
  itReadsAsItsSchema([
    ['chatUser', chatUserReader, chatUser],
    ['chatAttachment', chatAttachmentReader, chatAttachment],
    ['messageSchema', messageReader, messageSchema],
    ['conversationSchema', conversationReader, conversationSchema],
    ['conversationsResult', conversationsReader, conversationsResult],
    ['conversationSearchResult', conversationSearchReader, conversationSearchResult],
    ['messagesResult', messagesReader, messagesResult],
    ['markReadResult', markReadReader, markReadResult],
    ['unreadCountResult', unreadCountsReader, unreadCountResult],
    ['participantsResult', participantsReader, participantsResult],
    ['deleteConversationsResult', deleteConversationsReader, deleteConversationsResult],
    ['presenceSchema', presenceReader, presenceSchema],
    ['presenceResult', presenceListReader, presenceResult],
  ] as const);
});

describe('readSendAck reads the socket’s answer to send as the contract’s sendAck does', () => {
  const message = sample(messageReader.shape, 0);
  const refusal = { ok: false, status: 422, message: 'The content field is required.' };
  const acks: [string, unknown][] = [
    ['sent', { ok: true, message, created: true }],
    [
      'sent again (same client id)',
      { ok: true, message: sample(messageReader.shape, 1), created: false, extra: 1 },
    ],
    ['sent, a wrong message', { ok: true, message: { ...(message as object), id: 'x' }, created: true }],
    ['sent, no created', { ok: true, message }],
    ['refused', refusal],
    [
      'refused in full',
      {
        ...refusal,
        code: 'required',
        params: { attribute: 'content', length: 2 },
        errors: { content: ['The content field is required.'] },
        codes: { content: [{ code: 'required', params: { attribute: 'content' } }] },
        retry_after: 3,
        extra: true,
      },
    ],
    ['refused, unknown code', { ...refusal, code: 'no such text' }],
    ['refused, a param not text or number', { ...refusal, params: { a: true } }],
    ['refused, errors not lists of text', { ...refusal, errors: { content: [1] } }],
    ['refused, codes not text codes', { ...refusal, codes: { content: [{ code: 1 }] } }],
    ['refused, retry_after 0', { ...refusal, retry_after: 0 }],
    ['refused, retry_after 1.5', { ...refusal, retry_after: 1.5 }],
    ['refused, retry_after as text', { ...refusal, retry_after: '3' }],
    ['refused, status 1.5', { ...refusal, status: 1.5 }],
    ['refused, no message', { ok: false, status: 500 }],
    ['ok neither true nor false', { ...refusal, ok: 'no' }],
    ['null', null],
    ['a list', [refusal]],
  ];
  it('holds answers zod finds valid among them (a test of nothing but refusals would pass on any reader)', () => {
    const valid = acks.filter(([, ack]) => sendAck.safeParse(ack).success).map(([name]) => name);
    expect(valid).toEqual(['sent', 'sent again (same client id)', 'refused', 'refused in full']);
  });
  it.each(acks)('%s', (_name, ack) => {
    const byZod = sendAck.safeParse(ack);
    const byReader = readSendAck(ack);
    expect(byReader !== undefined).toBe(byZod.success);
    if (byZod.success) expect(byReader).toEqual(byZod.data);
  });
});
