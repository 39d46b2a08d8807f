import { useSyncExternalStore } from 'react';
import { type ChatState, initialChatState } from './state/chat-state.ts';

// The chat's live state in one small external store (docs/decisions/011): the state's shape is in
// `state/chat-state.ts` and the pure changes to it beside it (conversations, messages, outgoing, read,
// typing); the socket events and the catch-up after a reconnect feed it through `sync.ts`, sends
// through `outbox.ts`; screens read it with `useChat` and the selectors of `state/selectors.ts`.

export function createChatStore(initial: ChatState = initialChatState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    /** Applies a pure update; listeners run only when something changed. */
    update(change: (state: ChatState) => ChatState) {
      const next = change(state);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    reset() {
      state = initialChatState;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;

export const chatStore = createChatStore();

/** A slice of the chat state; the selector must return something stable (or a primitive). */
export function useChat<T>(selector: (state: ChatState) => T): T {
  return useSyncExternalStore(
    chatStore.subscribe,
    () => selector(chatStore.get()),
    () => selector(chatStore.get()),
  );
}
