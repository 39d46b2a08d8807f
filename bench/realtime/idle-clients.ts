/**
 * A child process of the real-time benchmark that holds many idle, authenticated Socket.IO client
 * sockets (one process cannot cheaply hold 10,000 next to the measuring code). Told by IPC
 * `{ url, count, tokens, inFlight, localAddress }`; answers `{ connected, failed }` once every socket is open or
 * refused, then holds them until it is killed.
 */
import { SOCKET_PATH } from '@makan/contract/realtime';
import { io, type Socket } from 'socket.io-client';

/**
 * `localAddress`: the loopback address this process connects from (127.0.0.x): one address has some
 * 28,000 ports to connect from to one server port, fewer than the sockets of all processes together.
 */
type Order = { url: string; count: number; tokens: string[]; inFlight: number; localAddress: string };

const sockets: Socket[] = [];

function open(url: string, token: string, localAddress: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      timeout: 60_000,
      // Passed on to the websocket (engine.io-client picks it for `ws`), not in socket.io-client's types.
      ...({ localAddress } as object),
    });
    sockets.push(socket);
    // A socket the server drops before it connects (a ping timeout on a machine too busy to answer
    // in time) fires neither event below: without `disconnect` and the timer the run waited forever.
    const timer = setTimeout(() => resolve(false), 120_000);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('connect_error', () => done(false));
    socket.once('disconnect', () => done(false));
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
      if (await open(order.url, token, order.localAddress)) connected += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(order.inFlight, order.count) }, worker));
  process.send?.({ connected, failed });
});

process.on('disconnect', () => process.exit(0));
