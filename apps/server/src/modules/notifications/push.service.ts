import { type Notification, type PushSubscriptionRequest, pushPayload } from '@makan/contract/notifications';
import type { PushSender } from '../../adapters/web-push.ts';
import type { Clock } from '../../lib/clock.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { createWorkerLoop } from '../../lib/worker-loop.ts';
import { pushText } from './notifications.messages.ts';
import type { PushRepository } from './push.repository.ts';
import { pushEndpointAllowed } from './push-endpoints.ts';

export type PushDeps = {
  push: PushRepository;
  /** The same on the connections background work uses (the sending worker's); unset: the same. */
  queue?: PushRepository;
  sender: PushSender;
  /** The VAPID public key browsers subscribe with (made once, kept in the database). */
  publicKey: () => Promise<string>;
  /** Notifications as the app shows them, by id (those gone are missing). */
  notifications: (ids: number[]) => Promise<Map<number, Notification>>;
  /** Who of these has a tab of the app in front, on any process. */
  inFront: (userIds: number[]) => Promise<Set<number>>;
  clock: Clock;
  log: Pick<Logger, 'warn'>;
  /** Hosts besides the browsers' push services that devices may name (PUSH_SERVICE_HOSTS). */
  extraHosts: readonly string[];
};

/** Devices per user: a new one past this replaces their oldest. */
export const PUSH_DEVICES_MAX = 20;
/** A claimed push not sent in this long is taken again (its process died). */
const LEASE_MS = 60_000;
const CLAIM_BATCH = 25;
/** Tries per push (a push service down, unreachable): waiting 30 s, 1, 2, 4 minutes between. */
const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;
/** A push waits this long for a device that is off; after a day it tells nothing new. */
const TTL_SECONDS = 24 * 3600;

/** What a push service's answer means for the device. */
const outcomeOf = (status: number) =>
  status >= 200 && status < 300
    ? 'sent'
    : status === 404 || status === 410
      ? 'gone'
      : status === 429 || status >= 500
        ? 'later'
        : 'refused';

/**
 * Web push (issue 22): devices subscribe with the server's VAPID key; a push is queued in the
 * transaction that writes its notification (notifications.repository's `queuePush`), and a worker
 * in every process sends it to each of the recipient's devices in their language. A push service
 * answering 404/410 prunes that device; one that fails is tried again a few times. Messages are
 * not pushed to someone with the app in front.
 */
export function createPushService(deps: PushDeps) {
  const { push, clock } = deps;
  const queue = deps.queue ?? push;
  let stopping = false;
  /** Aborts the requests under way when the server closes (a slow push service must not hold it). */
  const closing = new AbortController();

  type Delivery = Awaited<ReturnType<PushRepository['claim']>>[number];
  type Device = Awaited<ReturnType<PushRepository['devicesOf']>>[number];
  /** What a batch's pushes came to: written once for the batch, not once per push. */
  type Outcomes = { done: number[]; sent: number[] };

  async function deliver(
    delivery: Delivery,
    notification: Notification | undefined,
    devices: Device[],
    out: Outcomes,
  ) {
    const { id } = delivery;
    if (!notification || devices.length === 0) return void out.done.push(id);
    const payload = JSON.stringify(
      pushPayload.parse({
        ...pushText(delivery.language, notification),
        url: notification.link,
        tag: delivery.group_key,
      }),
    );
    const outcomes = await Promise.all(
      devices.map(async (device) => {
        const status = await deps.sender
          .send(
            {
              endpoint: device.endpoint,
              keys: { p256dh: device.p256dh, auth: device.auth },
              payload,
              ttlSeconds: TTL_SECONDS,
              urgency: notification.kind === 'message' ? 'high' : 'normal',
              // A retry (or the group's next push) replaces this one while it waits for the device.
              topic: `n${notification.id}`,
            },
            closing.signal,
          )
          .catch((err: unknown) => {
            deps.log.warn({ err, subscription: device.id }, 'push service unreachable');
            return 0;
          });
        const outcome = outcomeOf(status);
        if (outcome === 'sent') out.sent.push(device.id);
        else if (outcome === 'gone') await queue.forget(device.id);
        else if (outcome === 'refused')
          deps.log.warn({ status, subscription: device.id }, 'push refused by the push service');
        return outcome;
      }),
    );
    if (!outcomes.includes('later')) return void out.done.push(id);
    if (delivery.attempts >= MAX_ATTEMPTS) {
      deps.log.warn({ delivery: id, attempts: delivery.attempts }, 'push given up');
      return void out.done.push(id);
    }
    // Every device again: the topic makes the push service keep one copy for those that had it.
    await queue.retryAt(id, new Date(clock.now().getTime() + RETRY_BASE_MS * 2 ** (delivery.attempts - 1)));
  }

  /**
   * The queue, until it is empty. A batch reads what its pushes need in one query each (the
   * notifications, the devices) and writes what came of them at once: a fan-out to ten thousand
   * devices must not take five queries a push from the pool the requests use.
   */
  async function runOnce() {
    while (!stopping) {
      const deliveries = await queue.claim(clock.now(), LEASE_MS, CLAIM_BATCH);
      if (deliveries.length === 0) return;
      const messaged = [
        ...new Set(deliveries.filter((d) => d.kind === 'message').map((d) => d.recipient_id)),
      ];
      const inFront = await deps.inFront(messaged);
      const out: Outcomes = { done: [], sent: [] };
      // Read (or taken back) before its push went, or a message they are reading now: nothing to tell.
      const live = deliveries.filter((d) => {
        const silent = d.read || (d.kind === 'message' && inFront.has(d.recipient_id));
        if (silent) out.done.push(d.id);
        return !silent;
      });
      // One after the other (background work holds one connection at a time), the notifications
      // last: read just before sending, a push tells what a like that came meanwhile added, and
      // another process's later push of the same notification cannot overtake it with less.
      const devices = await queue.devicesOf([...new Set(live.map((d) => d.recipient_id))]);
      const views = await deps.notifications([...new Set(live.map((d) => d.notification_id))]);
      // The batch at once: most of a push is waiting for the push service (a fan-out to thousands).
      // Closing aborts the requests under way: their pushes are tried again by a later pass.
      await Promise.all(
        live.map((delivery) =>
          deliver(
            delivery,
            views.get(delivery.notification_id),
            devices.filter((d) => d.user_id === delivery.recipient_id),
            out,
          ).catch((err: unknown) => {
            deps.log.warn({ err, delivery: delivery.id }, 'push failed');
            if (delivery.attempts >= MAX_ATTEMPTS) out.done.push(delivery.id);
          }),
        ),
      );
      await queue.sent(out.sent, clock.now());
      await queue.done(out.done);
    }
  }

  const loop = createWorkerLoop({ name: 'push', log: deps.log, runOnce });

  return {
    publicKey: async () => ({ public_key: await deps.publicKey() }),
    async subscribe(session: { userId: number; tokenHash: string }, device: PushSubscriptionRequest) {
      if (!pushEndpointAllowed(device.endpoint, deps.extraHosts))
        throw new Invalid({ endpoint: 'pushServiceRefused' }, 'pushServiceRefused');
      return push.subscribe(session.userId, session.tokenHash, device, clock.now(), PUSH_DEVICES_MAX);
    },
    async unsubscribe(userId: number, endpoint: string) {
      if (!(await push.unsubscribe(userId, endpoint))) throw new NotFound();
    },

    runOnce,
    /**
     * Starts the sending thread first (the server listens once it is ready): a push must not wait
     * for it to load while another process sends a later push of the same notification, which
     * would then arrive first. A thread that fails to start is tried again by the next push.
     */
    async start(everyMs: number) {
      await deps.sender.warm().catch((err: unknown) => deps.log.warn({ err }, 'push sender not started'));
      loop.start(everyMs);
    },
    /** Pushes were queued (their transaction committed): send them now. */
    kick: () => loop.kick(),
    async stop() {
      stopping = true;
      closing.abort();
      await loop.stop();
      await deps.sender.close();
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
