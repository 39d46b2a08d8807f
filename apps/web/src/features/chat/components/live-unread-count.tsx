import type { ReactNode } from 'react';
import { totalUnread } from '../state/selectors.ts';
import { useChat } from '../store.ts';

/** Renders `children` with the live total of unread messages from the chat store. */
export function LiveUnreadCount({ children }: { children: (count: number) => ReactNode }) {
  return children(useChat(totalUnread));
}
