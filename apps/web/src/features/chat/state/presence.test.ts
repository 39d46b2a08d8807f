import { describe, expect, it } from 'vitest';
import { initialChatState } from './chat-state.ts';
import { setPresence } from './presence.ts';

describe('setPresence', () => {
  it('keeps the newest presence per user and leaves the state alone when nothing changed', () => {
    const online = { user_id: 4, online: true, last_seen_at: null };
    const once = setPresence(initialChatState, [online]);
    expect(once.presence[4]).toEqual(online);
    expect(setPresence(once, [{ ...online }])).toBe(once);
    const offline = { user_id: 4, online: false, last_seen_at: '2026-11-25T10:00:00.000Z' };
    expect(setPresence(once, [offline]).presence[4]).toEqual(offline);
    expect(setPresence(once, [])).toBe(once);
  });
});
