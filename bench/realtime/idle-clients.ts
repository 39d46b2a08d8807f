/**
 * A child process of the real-time benchmark that holds many idle, authenticated Socket.IO client
 * sockets (one process cannot cheaply hold 10,000 next to the measuring code). Told by IPC
 * `{ url, count, tokens, inFlight }`; answers `{ connected, failed }` once every socket is open or
 * refused, then holds them until it is killed.
 */
import { SOCKET_PATH } from '@makan/contract/realtime';
import { io, type Socket } from 'socket.io-client';

type Order = { url: string; count: number; tokens: string[]; inFlight: number };

const sockets: Socket[] = [];

function open(url: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      timeout: 60_000,
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
}

process.on('message', async (order: Order) => {
  let next = 0;
  let connected = 0;
  let failed = 0;
  const worker = async () => {
    while (next < order.count) {
      const i = next++;
      const token = order.tokens[i % order.tokens.length] ?? '';
      if (await open(order.url, token)) connected += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(order.inFlight, order.count) }, worker));
  process.send?.({ connected, failed });
});

process.on('disconnect', () => process.exit(0));
