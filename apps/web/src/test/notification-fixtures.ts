import type { Notification, NotificationActor } from '@makan/contract/notifications';

export const actor = (id: number, name: string): NotificationActor => ({
  id,
  name,
  picture: id % 2 === 0 ? { url: `/media/profile_pictures/${id}.jpg` } : null,
});

export const saraActor = actor(3, 'Sara');
export const omarActor = actor(4, 'Omar');
export const noorActor = actor(5, 'Noor');

/** Five minutes ago: 'updated 5 minutes ago'. */
const fiveMinutesAgo = () => new Date(Date.now() - 5 * 60_000).toISOString();

/** An unread like of listing 12 by Sara. */
export function notificationFixture(overrides: Partial<Notification> = {}): Notification {
  const at = fiveMinutesAgo();
  return {
    id: 1,
    kind: 'like',
    actors: [saraActor],
    actors_count: 1,
    post_id: 12,
    comment_id: null,
    conversation_id: null,
    excerpt: null,
    outcome: null,
    change: null,
    link: '/post/12',
    read: false,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}
