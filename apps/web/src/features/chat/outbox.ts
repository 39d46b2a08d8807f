import type { ChatAttachment, ChatMessage } from '@makan/contract/chat';
import { CHAT_FILE_TYPES, chatFileMaxLabel } from '@makan/contract/chat-kinds';
import { LIMITS } from '@makan/contract/limits';
import type { TextCode } from '@makan/contract/texts';
import { claimsImage, sniffImage } from '../../lib/file-type.ts';
import { getItem } from '../../lib/storage.ts';
import { sendFile } from './api/send-file.ts';
import { sendMessage } from './api/send-message.ts';
import type { ChatItem } from './state/chat-state.ts';
import { receiveMessage, removeMessage } from './state/messages.ts';
import { addPending, failPending, setProgress } from './state/outgoing.ts';
import { type ChatStore, chatStore } from './store.ts';

/**
 * The outgoing side of spec §4: a message shows at once (pending, with a temporary id and a client
 * id), becomes the server's message when it is stored, or fails with its error and a Retry that
 * sends it again under the same client id (the server then answers with the stored one, never twice).
 */

export interface Me {
  id: number;
  name: string;
  avatar: string | null;
}

export function currentMe(): Me | null {
  const user = getItem('user_data');
  return user ? { id: user.id, name: user.name, avatar: user.avatar } : null;
}

/** Client-side checks before an upload (spec §5), in the chat's own words. Null when fine. */
export function checkChatFile(file: File): TextCode | null {
  const allowed = Object.keys(CHAT_FILE_TYPES);
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const knownExtension = Object.values(CHAT_FILE_TYPES).some((list) =>
    (list as readonly string[]).includes(extension),
  );
  if (!(allowed.includes(file.type) || (!file.type && knownExtension))) return { code: 'chatFileType' };
  if (file.size > LIMITS.fileMaxBytes)
    return { code: 'chatFileTooLarge', params: { size: chatFileMaxLabel() } };
  return null;
}

/**
 * A file that says it is a photo (by its type or name) must be one by its bytes: a text file renamed
 * .jpg is refused in words here, rather than sent on and stored as a text file. Null when fine.
 */
export async function checkChatImageBytes(file: File): Promise<TextCode | null> {
  if (!claimsImage(file)) return null;
  return (await sniffImage(file)) ? null : { code: 'invalidImage' };
}

let tempCounter = 0;
/** Temporary ids are negative: they never meet a server id. */
function tempId(): number {
  tempCounter += 1;
  return -(Date.now() * 1000 + (tempCounter % 1000));
}

export function newClientId(): string {
  return crypto.randomUUID();
}

interface Draft {
  conversationId: number;
  content: string;
  replyTo: ChatMessage | null;
  file?: File;
  clientId?: string;
}

/** The optimistic message, shaped like the server's so one bubble shows both. */
export function optimisticMessage(draft: Draft, me: Me, now = Date.now()): ChatItem {
  const { file } = draft;
  const time = new Date(now).toISOString();
  const isImage = Boolean(file?.type.startsWith('image/'));
  const localUrl =
    file && isImage && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  const attachment: ChatAttachment | null = file
    ? {
        id: 0,
        url: localUrl ?? '',
        preview_url: localUrl,
        file_name: file.name,
        file_size: file.size,
        file_extension: file.name.split('.').pop() ?? '',
        mime_type: file.type,
        width: null,
        height: null,
      }
    : null;
  const reply = draft.replyTo;
  return {
    id: tempId(),
    conversation_id: draft.conversationId,
    sender_id: me.id,
    client_id: draft.clientId ?? newClientId(),
    content: draft.content.trim() || null,
    type: file ? (isImage ? 'image' : 'file') : 'text',
    system_event: null,
    reply_to_id: reply?.id ?? null,
    reply_to: reply
      ? {
          id: reply.id,
          sender_id: reply.sender_id,
          sender_name: reply.sender?.name ?? '',
          content: reply.content,
          type: reply.type,
          file_name: reply.file_name,
          is_deleted: reply.is_deleted,
        }
      : null,
    is_edited: false,
    edited_at: null,
    is_deleted: false,
    created_at: time,
    updated_at: time,
    sender: {
      id: me.id,
      name: me.name,
      user_type: 'retail',
      verified: false,
      company_verified: false,
      picture: me.avatar ? { url: me.avatar } : null,
    },
    attachments: attachment ? [attachment] : [],
    file_url: attachment?.url ?? null,
    file_name: attachment?.file_name ?? null,
    file_size: attachment?.file_size ?? null,
    file_extension: attachment?.file_extension ?? null,
    status: 'sent',
    outgoing: { status: 'pending', sentAt: now, ...(file ? { file, progress: 0 } : {}) },
  };
}

export interface OutboxDeps {
  store: ChatStore;
  sendMessage: typeof sendMessage;
  sendFile: typeof sendFile;
  visible: () => boolean;
}

const defaultDeps: OutboxDeps = {
  store: chatStore,
  sendMessage,
  sendFile,
  visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
};

/** Sends what an optimistic message holds; the answer replaces it, a failure marks it failed. */
async function deliver(item: ChatItem, me: Me, deps: OutboxDeps): Promise<void> {
  const { store } = deps;
  const conversationId = item.conversation_id;
  const clientId = item.client_id ?? '';
  const file = item.outgoing?.file;
  try {
    const stored = file
      ? await deps.sendFile({
          conversationId,
          file,
          caption: item.content ?? '',
          replyToId: item.reply_to_id,
          clientId,
          onUploadProgress: (fraction) =>
            store.update((state) => setProgress(state, conversationId, clientId, fraction)),
        })
      : await deps.sendMessage({
          conversationId,
          content: item.content ?? '',
          replyToId: item.reply_to_id,
          clientId,
        });
    store.update((state) => receiveMessage(state, stored, { userId: me.id, visible: deps.visible() }));
  } catch (error) {
    store.update((state) => failPending(state, conversationId, clientId, error));
  }
}

/** Writes a message (text, or a file with an optional caption) and sends it. */
export function send(draft: Draft, me: Me, overrides: Partial<OutboxDeps> = {}): Promise<void> {
  const deps = { ...defaultDeps, ...overrides };
  const item = optimisticMessage(draft, me);
  deps.store.update((state) => addPending(state, item));
  return deliver(item, me, deps);
}

/**
 * Retry (spec §4): the failed message goes and is sent again, as a file upload if it had one,
 * else as text, under the same client id.
 */
export function retry(failed: ChatItem, me: Me, overrides: Partial<OutboxDeps> = {}): Promise<void> {
  const deps = { ...defaultDeps, ...overrides };
  const file = failed.outgoing?.file;
  deps.store.update((state) => removeMessage(state, failed.conversation_id, failed.id));
  const item: ChatItem = {
    ...failed,
    id: tempId(),
    outgoing: { status: 'pending', sentAt: Date.now(), ...(file ? { file, progress: 0 } : {}) },
  };
  deps.store.update((state) => addPending(state, item));
  return deliver(item, me, deps);
}

/** Discards a failed message the user gives up on. */
export function discard(failed: ChatItem, store: ChatStore = chatStore): void {
  store.update((state) => removeMessage(state, failed.conversation_id, failed.id));
}
