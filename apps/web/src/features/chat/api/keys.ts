/** Every TanStack Query key of the chat starts here (the live lists sit in the chat store: docs/decisions/011). */
export const chatKey = ['chat'] as const;
