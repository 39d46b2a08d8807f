/**
 * Real time (spec §7): Socket.IO on the server's own port and path `/socket.io`, websocket
 * transport only, authenticated at connect with `auth: { token }` (the bearer token).
 *
 * Channels: every socket joins its user's channel `chat.user.{userId}` at connect; a conversation's
 * channel `chat.conversation.{id}` is joined with `subscribe` after the server checked that the
 * user takes part. (The spec's `chat.{userId}` and `chat.{conversationId}` would collide when a
 * user and a conversation share a number, so the kind is part of the name.)
 */
export const SOCKET_PATH = '/socket.io';

export const userChannel = (userId: number) => `chat.user.${userId}`;
export const conversationChannel = (conversationId: number) => `chat.conversation.${conversationId}`;

/** Events the server sends (spec §7 names). */
export const SERVER_EVENTS = {
  messageSent: 'MessageSent',
  messageRead: 'MessageRead',
  userTyping: 'UserTyping',
  userStoppedTyping: 'UserStoppedTyping',
  newConversation: 'NewConversation',
  conversationUpdated: 'ConversationUpdated',
  messageEdited: 'MessageEdited',
  messageDeleted: 'MessageDeleted',
  presenceChanged: 'PresenceChanged',
  /** Issue 22: see notifications.ts (notificationsChangedEvent). */
  notificationsChanged: 'NotificationsChanged',
} as const;

/** Events a client sends; each answers through an acknowledgement. */
export const CLIENT_EVENTS = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  typing: 'typing',
  stopTyping: 'stopTyping',
  send: 'send',
  /**
   * Issue 22: whether this tab is in front (`foregroundPayload`), sent on connect and on every
   * visibility change. A message is not pushed to someone with a tab of the app in front.
   */
  foreground: 'foreground',
} as const;
