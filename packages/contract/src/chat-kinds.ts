import { LIMITS } from './limits.ts';

/**
 * The chat's kinds and file rules, without zod: the web's chat reads its answers with zod-free readers
 * (apps/web/src/features/chat/api/readers.ts) and takes these lists from here; chat.ts re-exports them.
 */
/** Spec §3 message types. Clients send text; image and file come from uploads; system is the server's. */
export const MESSAGE_TYPES = ['text', 'image', 'file', 'system'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** What a message's own sender sees: 'read' once the other participant's read marker passed it. */
export const MESSAGE_STATUSES = ['sent', 'read'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * Accepted attachments (spec §5): JPEG, PNG, GIF, WebP, PDF and plain text, recognised from the
 * bytes, never from the name or the declared type. Images are re-encoded (no metadata kept).
 */
export const CHAT_FILE_TYPES = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt'],
} as const;
export type ChatFileMime = keyof typeof CHAT_FILE_TYPES;
export const CHAT_FILE_ACCEPT = [
  ...Object.keys(CHAT_FILE_TYPES),
  ...Object.values(CHAT_FILE_TYPES)
    .flat()
    .map((ext) => `.${ext}`),
].join(',');

/** The system messages the server writes, by key; screens translate them. */
export const SYSTEM_EVENTS = ['left', 'rejoined'] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

/** A human file size for 'File is too large. Maximum size is {size}'. */
export function chatFileMaxLabel(): string {
  return `${LIMITS.fileMaxBytes / (1024 * 1024)}MB`;
}
