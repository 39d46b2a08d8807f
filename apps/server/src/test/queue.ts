import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { scaled } from './time-scale.ts';

/** Waits until the notification queue is empty: the workers have written every notification and match. */
export async function notificationQueueEmpty(database: DatabaseHandle, timeout = 10_000) {
  await expect
    .poll(
      async () => {
        const result = await database.db.execute(sql`select count(*) as n from notification_events`);
        return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n);
      },
      { timeout: scaled(timeout), interval: 50 },
    )
    .toBe(0);
}

/**
 * Waits until every notification is written: the queue empty, and every message a participant has
 * not read already notified (the worker tells of a message once it is still unread 10 s later).
 * A plain loop, so that a `beforeAll` may wait too.
 */
export async function notificationsSettled(database: DatabaseHandle, timeout = 60_000) {
  const deadline = Date.now() + scaled(timeout);
  for (;;) {
    const result = await database.db.execute(sql`
      select (select count(*) from notification_events)
        + (select count(*) from conversation_participants p join conversations c on c.id = p.conversation_id
          where p.left_at is null and c.last_message_id > greatest(p.last_read_message_id, p.notified_up_to)
            and c.last_activity_at > now() - interval '1 day') as n`);
    const left = Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n);
    if (left === 0) return;
    if (Date.now() > deadline)
      throw new Error(`notifications not settled after ${scaled(timeout)} ms: ${left} left`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
