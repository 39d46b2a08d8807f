import { useCallback, useEffect, useState } from 'react';
import { realtime } from '../../../lib/realtime.ts';
import { setActive } from '../state/conversations.ts';
import { chatStore, useChat } from '../store.ts';
import {
  findConversation,
  loadMessages,
  markConversationRead,
  subscribeConversation,
  unsubscribeConversation,
} from '../sync.ts';

export type ConversationLookup = 'found' | 'loading' | 'missing' | 'error';

/**
 * Spec §4 'active conversation': subscribes to its channel (and off the previous one), loads the
 * conversation if unknown and its messages if none are held, marks it read, and marks it read
 * again when the tab becomes visible (new arrivals while open are marked by the socket handler).
 */
export function useActiveConversation(conversationId: number | null): {
  lookup: ConversationLookup;
  reload: () => void;
} {
  const known = useChat((state) =>
    conversationId === null ? false : state.conversations.some((c) => c.id === conversationId),
  );
  const [lookup, setLookup] = useState<'loading' | 'missing' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const valid = conversationId !== null && conversationId > 0;
  // `attempt` re-runs the whole opening after a failure.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  useEffect(() => {
    if (conversationId === null || conversationId <= 0) return;
    let cancelled = false;
    chatStore.update((state) => setActive(state, conversationId));
    subscribeConversation(realtime.getSocket(), conversationId);
    const run = async () => {
      if (!chatStore.get().conversations.some((c) => c.id === conversationId)) {
        setLookup('loading');
        try {
          const found = await findConversation(conversationId);
          if (!found) {
            if (!cancelled) setLookup('missing');
            return;
          }
        } catch {
          if (!cancelled) setLookup('error');
          return;
        }
      }
      if (!chatStore.get().messages[conversationId]) await loadMessages(conversationId).catch(() => {});
      if (!cancelled) await markConversationRead(conversationId);
    };
    void run();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void markConversationRead(conversationId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisible);
      unsubscribeConversation(realtime.getSocket(), conversationId);
      chatStore.update((s) => (s.activeId === conversationId ? setActive(s, null) : s));
    };
  }, [conversationId, attempt]);

  if (!valid) return { lookup: 'missing', reload };
  return { lookup: known ? 'found' : lookup, reload };
}
