import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CLIENT_EVENTS, type SendAck } from '@makan/contract/realtime';
import { openRecorder } from '../http/record.ts';
import type { Store } from '../lib/server.ts';
import { connect } from './clients.ts';
import type { RecordedSend } from './floor-database.ts';
import { benchContent } from './floor-database.ts';

/**
 * Records what a chat send over the socket sends to the database: the real app built in this process
 * on the store (the server's own driver set-up), listening on a port without its background workers
 * (they start with Fastify's `listen`, which is not called), the sender's socket sending as the bench
 * does. One send first unrecorded, then five recorded; the list seen most often is answered (all five
 * were the same one statement when this was written).
 */
export async function recordSend(
  store: Store,
  { token, conversationId }: { token: string; conversationId: number },
): Promise<RecordedSend> {
  const recorder = await openRecorder(store);
  const { app } = recorder;
  try {
    await app.ready();
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    const { port } = app.server.address() as AddressInfo;
    const socket = await connect(`http://127.0.0.1:${port}`, { token });
    try {
      const send = async () => {
        const clientId = randomUUID();
        const ack = (await socket.timeout(10_000).emitWithAck(CLIENT_EVENTS.send, {
          conversationId,
          content: benchContent(clientId),
          client_id: clientId,
        })) as SendAck;
        if (!ack.ok || !ack.created) throw new Error(`send answered ${JSON.stringify(ack).slice(0, 200)}`);
        return clientId;
      };
      await send();
      const seen = new Map<string, { send: RecordedSend; times: number }>();
      for (let i = 0; i < 5; i++) {
        let clientId = '';
        const statements = await recorder.record(async () => {
          clientId = await send();
        });
        const key = statements.map((s) => s.name ?? s.text).join('\n');
        const entry = seen.get(key) ?? { send: { statements, clientId }, times: 0 };
        entry.times += 1;
        seen.set(key, entry);
      }
      const [best] = [...seen.values()].sort((a, b) => b.times - a.times);
      if (!best || best.send.statements.length === 0) throw new Error('a send ran no statement');
      return best.send;
    } finally {
      socket.close();
    }
  } finally {
    await recorder.close();
  }
}
