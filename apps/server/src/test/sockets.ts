import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '@makan/contract/realtime';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { scaled } from './time-scale.ts';

/** A test's Socket.IO client, typed with the contract's events. */
export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A socket to the server at `base` signed in with `token` (any `auth` when given an object), over
 * WebSocket only, as the web app connects. It does not reconnect unless `options` say so. Listeners
 * attached right after this call hear everything, the connection being made on the next turn.
 */
export function openSocket(
  base: string,
  token: string | Record<string, unknown>,
  options: Partial<ManagerOptions & SocketOptions> = {},
): TestSocket {
  return io(base, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: typeof token === 'string' ? { token } : token,
    reconnection: false,
    ...options,
  });
}

/**
 * Resolves once `socket` is connected; rejects with the server's refusal (connect_error), and, for a
 * socket that does not reconnect, when the connection closes before the socket got in (the server's
 * sign-in time ran out, say): without that the test would wait on a connect that can no longer come
 * until its own timeout, and say nothing of why.
 */
export function whenConnected(socket: TestSocket): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
    if (!socket.io.reconnection()) {
      // A turn later: a refusal closes the connection too, and its connect_error (the reason the test
      // wants to see) comes right after the close.
      socket.io.once('close', (reason) => {
        setImmediate(() => reject(new Error(`the connection closed before the socket got in (${reason})`)));
      });
    }
  });
}

/** `openSocket`, connected. */
export function connectSocket(
  base: string,
  token: string | Record<string, unknown>,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<TestSocket> {
  return whenConnected(openSocket(base, token, options));
}

/** Resolves once `socket` is disconnected (at once if it already is); fails after `timeoutMs`. */
export function whenDisconnected(socket: TestSocket, timeoutMs = scaled(5000)): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve();
    const timer = setTimeout(() => reject(new Error('the socket stayed connected')), timeoutMs);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
