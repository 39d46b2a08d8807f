/** Every TanStack Query key of the chat starts here (the live lists sit in the chat store). */
export const chatKey = ['chat'] as const;
