import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { createDirectSender, pushMessageSchema, senderSettings } from './web-push.ts';

/**
 * A thread that signs, encrypts and sends web pushes for the main thread (web-push.ts's
 * createPushSender): it answers each `{ id, message }` with the push service's status, or the
 * error that kept it from answering. `{ abort: id }` cancels a push under way (the server closing).
 */
const sender = createDirectSender(senderSettings.parse(workerData));
const request = z.union([
  z.object({ id: z.number(), message: pushMessageSchema }),
  z.object({ abort: z.number() }),
]);
const underWay = new Map<number, AbortController>();

parentPort?.on('message', (raw: unknown) => {
  const asked = request.parse(raw);
  if ('abort' in asked) {
    underWay.get(asked.abort)?.abort();
    return;
  }
  const { id, message } = asked;
  const controller = new AbortController();
  underWay.set(id, controller);
  sender
    .send(message, controller.signal)
    .then(
      (status) => parentPort?.postMessage({ id, status }),
      (err: unknown) =>
        parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
    )
    .finally(() => underWay.delete(id));
});
