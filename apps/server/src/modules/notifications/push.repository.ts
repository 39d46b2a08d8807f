import { LANGUAGES } from '@makan/contract/languages';
import type { PushSubscriptionRequest } from '@makan/contract/notifications';
import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { authTokens } from '../../db/schema/auth.ts';
import { pushDeliveries, pushSubscriptions } from '../../db/schema/notifications.ts';

const deliveryRows = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.number(),
      recipient_id: z.coerce.number(),
      notification_id: z.coerce.number(),
      attempts: z.coerce.number(),
      group_key: z.string(),
      kind: z.string(),
      read: z.boolean(),
      language: z.enum(LANGUAGES),
    }),
  ),
});

/**
 * Whether `userId` has a device to push to: subscribed by a session still open (not signed out,
 * revoked or expired). The one rule for queueing a push and for sending it.
 */
export const hasLiveDevice = (userId: SQL | number) => sql`exists (
  select 1 from push_subscriptions s join auth_tokens t on t.id = s.session_id
  where s.user_id = ${userId} and t.revoked_at is null and t.expires_at > now())`;

/** Devices that accept web pushes, and the pushes waiting to be sent (issue 22). */
export function createPushRepository(db: Database) {
  return {
    /**
     * The device's subscription, now this user's (the same endpoint from another account on the
     * same device moves over, with the new keys); past `cap` devices, the user's oldest go. It
     * belongs to the session that subscribed it (`tokenHash`): signed out, it is pushed nothing.
     */
    async subscribe(
      userId: number,
      tokenHash: string,
      device: PushSubscriptionRequest,
      now: Date,
      cap: number,
    ) {
      await db.transaction(async (tx) => {
        const [session] = await tx
          .select({ id: authTokens.id })
          .from(authTokens)
          .where(eq(authTokens.tokenHash, tokenHash));
        if (!session) throw new Error('the session subscribing is gone');
        await tx
          .insert(pushSubscriptions)
          .values({
            userId,
            sessionId: session.id,
            endpoint: device.endpoint,
            p256dh: device.keys.p256dh,
            auth: device.keys.auth,
            createdAt: now,
          })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: {
              userId,
              sessionId: session.id,
              p256dh: device.keys.p256dh,
              auth: device.keys.auth,
              createdAt: now,
              lastSentAt: null,
            },
          });
        await tx.execute(sql`
          delete from push_subscriptions where user_id = ${userId} and id not in (
            select id from push_subscriptions where user_id = ${userId}
            order by created_at desc, id desc limit ${cap})`);
      });
    },

    /** Removes the user's own subscription of this endpoint; false when they have none. */
    async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** The devices of these users still signed in (see hasLiveDevice), each with its user. */
    async devicesOf(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({
          id: pushSubscriptions.id,
          user_id: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .innerJoin(authTokens, eq(authTokens.id, pushSubscriptions.sessionId))
        .where(
          and(
            inArray(pushSubscriptions.userId, userIds),
            isNull(authTokens.revokedAt),
            gt(authTokens.expiresAt, sql`now()`),
          ),
        );
    },

    /** A subscription its push service no longer knows (404/410). */
    async forget(subscriptionId: number) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    },

    /** These devices took a push now. */
    async sent(subscriptionIds: number[], now: Date) {
      if (subscriptionIds.length === 0) return;
      await db
        .update(pushSubscriptions)
        .set({ lastSentAt: now })
        .where(inArray(pushSubscriptions.id, subscriptionIds));
    },

    /**
     * Claims up to `limit` waiting pushes for `leaseMs` (other processes skip them; a process that
     * dies lets the lease lapse and another sends them), with what sending needs to know of their
     * notification and recipient. A push waits while an older push of the same notification is still
     * there (being sent, or waiting to be tried again): each is built from the notification as it is
     * when sent, so the older one could otherwise reach the push service after the newer one, and the
     * device would be left showing the stale text ('Fan One liked…' after 'Fan One and Fan Two…').
     */
    async claim(now: Date, leaseMs: number, limit: number) {
      const result = await db.execute(sql`
        with claimed as (
          update push_deliveries d set claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
            attempts = d.attempts + 1
          where d.id in (
            select w.id from push_deliveries w
            where (w.claimed_until is null or w.claimed_until < ${now.toISOString()}::timestamptz)
              and not exists (
                select 1 from push_deliveries o where o.notification_id = w.notification_id and o.id < w.id)
            order by w.id limit ${limit} for update skip locked)
          returning d.id, d.recipient_id, d.notification_id, d.attempts)
        select c.id, c.recipient_id, c.notification_id, c.attempts, n.group_key, n.kind,
          n.read_at is not null as read, u.language
        from claimed c
        join notifications n on n.id = c.notification_id
        join users u on u.id = c.recipient_id
        order by c.id`);
      return deliveryRows.parse(result).rows;
    },

    /** These pushes are over: sent, or nothing left to send. */
    async done(deliveryIds: number[]) {
      if (deliveryIds.length === 0) return;
      await db.delete(pushDeliveries).where(inArray(pushDeliveries.id, deliveryIds));
    },

    /** Tries again at `at` (the lease doubles as the wait before the next attempt). */
    async retryAt(deliveryId: number, at: Date) {
      await db.update(pushDeliveries).set({ claimedUntil: at }).where(eq(pushDeliveries.id, deliveryId));
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
