import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
  userChannel,
} from '@makan/contract/realtime';
import { HTTP_TEXT, TEXT } from '@makan/contract/texts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { clientAddress, type TrustProxy, trustFunction } from '../lib/client-address.ts';
import type { App } from '../lib/http.ts';

/**
 * `expiresAt`: when the session the socket connected with ends (ms), unless renewed over HTTP.
 * `inFront`: the tab said it is visible (the client's `foreground` event; false until it says).
 */
export type SocketData = { userId: number; sessionRoom: string; expiresAt: number; inFront: boolean };
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** A session's own room, so logging out can close exactly that session's sockets. */
const sessionRoom = (tokenHash: string) => `session.${tokenHash.slice(0, 24)}`;

/**
 * Whether a handshake's Origin is this server's own host. Never throws: a header that is not a URL
 * (or two joined by a comma) is simply not the same origin.
 */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host) return true;
  if (!URL.canParse(origin)) return false;
  return new URL(origin).host === host.toLowerCase();
}

/** Counts held per key (an address, a user); a key at zero is forgotten. */
function counter() {
  const counts = new Map<string | number, number>();
  return {
    get: (key: string | number) => counts.get(key) ?? 0,
    add(key: string | number) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    remove(key: string | number) {
      const n = (counts.get(key) ?? 0) - 1;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    },
  };
}

/** The parts of an upgrade request Engine.IO keeps referring to after the handshake. */
type UpgradeRequest = { headers: object; rawHeaders: string[]; _query?: object };

/** Empties what an upgrade request holds once the socket is open (see the 'connection' listener below). */
function forgetRequest(request: UpgradeRequest) {
  request.headers = {};
  request.rawHeaders = [];
  request._query = {};
}

class ConnectError extends Error {
  constructor(
    message: string,
    readonly data: { status: number },
  ) {
    super(message);
  }
}

/**
 * Socket.IO on the server's own port (websocket only), authenticated with the bearer token at
 * connect; every socket joins its user's channel. With `redisUrl` the Redis adapter joins the
 * processes, so a user on one process reaches a user on another. Publishing happens only after
 * the change was committed; delivery is at most once, and clients catch up over HTTP after any
 * reconnect, so nothing depends on an event arriving.
 */
export function registerRealtime(
  app: App,
  {
    authenticate,
    redisUrl,
    redisPrefix = 'makan',
    log,
    limits,
    trustProxy,
  }: {
    authenticate: (token: string) => Promise<{ userId: number; tokenHash: string; expiresAt: Date }>;
    redisUrl: string | undefined;
    redisPrefix?: string;
    log: FastifyBaseLogger;
    /** Open sockets per address and per user on this process; how long a socket may stay unauthenticated. */
    limits: { perAddress: number; perUser: number; authTimeoutMs: number };
    trustProxy: TrustProxy;
  },
) {
  const trust = trustFunction(trustProxy);
  const perAddress = counter();
  const perUser = counter();
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    allowRequest: (req, callback) => {
      // Same origin only: browsers send Origin on websocket upgrades, so another site's page cannot
      // open a socket with its visitor's cookies or network position.
      if (!sameOrigin(req.headers.origin, req.headers.host)) {
        callback(HTTP_TEXT[403], false);
        return;
      }
      const address = clientAddress(req, trust);
      if (perAddress.get(address) >= limits.perAddress) {
        callback(TEXT.tooManySockets, false);
        return;
      }
      // Counted in the same turn as the check, for as long as the TCP connection lasts: not once
      // Engine.IO's handshake has opened it (it awaits between the two), so no handshake can pass the
      // check while another that passed is still on its way (limits.test.ts, 'handshakes sent at once').
      perAddress.add(address);
      req.socket.once('close', () => perAddress.remove(address));
      callback(null, true);
    },
    // A connection that has not signed in (Socket.IO's CONNECT with a good token) within this is closed.
    connectTimeout: limits.authTimeoutMs,
    pingInterval: 20_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 64 * 1024,
    // Idle sockets are most of what a chat server holds: no compression state per connection.
    perMessageDeflate: false,
  });
  // Engine.IO keeps each connection's upgrade request (headers, buffers) for its whole life; nothing
  // here reads it after the handshake, so let it go (Socket.IO's advice for memory). Engine.IO's
  // stand-in response for the upgrade still holds the request until the connection closes (through
  // a 'close' listener on the TCP socket), so its parsed and raw headers and query are emptied too:
  // some 1.5 KB an idle socket (bench/README.md, realtime).
  io.engine.on('connection', (raw: { request: UpgradeRequest | null }) => {
    const request = raw.request;
    raw.request = null;
    if (request) forgetRequest(request);
  });

  let redis: { pub: Redis; sub: Redis } | undefined;
  if (redisUrl) {
    const options = { maxRetriesPerRequest: null, lazyConnect: false } as const;
    const pub = new Redis(redisUrl, options);
    const sub = pub.duplicate();
    for (const [name, client] of [
      ['pub', pub],
      ['sub', sub],
    ] as const) {
      client.on('error', (err: Error) => log.warn({ err: err.message }, `redis ${name} connection problem`));
    }
    io.adapter(createAdapter(pub, sub, { key: `${redisPrefix}#socket.io`, requestsTimeout: 3000 }));
    redis = { pub, sub };
  }

  // Shared by every socket (called with the socket as `this`; 'disconnect' fires once): an idle socket
  // keeps no closure of its own for it.
  function releaseUser(this: RealtimeSocket) {
    perUser.remove(this.data.userId);
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0) {
      next(new ConnectError(TEXT.socketNoToken, { status: 401 }));
      return;
    }
    try {
      if (token.length > 200) throw new Error('token too long');
      const session = await authenticate(token);
      if (perUser.get(session.userId) >= limits.perUser) {
        next(new ConnectError(TEXT.tooManySockets, { status: 429 }));
        return;
      }
      perUser.add(session.userId);
      socket.on('disconnect', releaseUser);
      // The token is not kept with the socket: a socket's handshake travels to every process that asks
      // which sockets a user has (fetchSockets through the Redis adapter).
      socket.handshake.auth = {};
      socket.data.userId = session.userId;
      socket.data.sessionRoom = sessionRoom(session.tokenHash);
      socket.data.expiresAt = session.expiresAt.getTime();
      socket.data.inFront = false;
      next();
    } catch {
      next(new ConnectError(HTTP_TEXT[401], { status: 401 }));
    }
  });

  io.on('connection', (socket) => {
    void socket.join([userChannel(socket.data.userId), socket.data.sessionRoom]);
  });

  // Before the HTTP server closes: upgraded connections would otherwise keep it open.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    if (redis) {
      await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    }
  });

  /**
   * The sockets of these users on every process, with their data as it is now: one `fetchSockets`
   * over their channels (through the Redis adapter, every process answers).
   */
  const socketsOf = async (userIds: number[]) =>
    userIds.length === 0 ? [] : io.in(userIds.map(userChannel)).fetchSockets();

  return {
    io,
    publish<E extends keyof ServerToClientEvents>(
      rooms: string[],
      event: E,
      payload: Parameters<ServerToClientEvents[E]>[0],
    ) {
      if (rooms.length === 0) return;
      // One emit to every room at once: a socket in several of them gets it once.
      (io.to(rooms).emit as (event: E, payload: unknown) => boolean)(event, payload);
    },
    removeFromChannel(userId: number, channel: string) {
      io.in(userChannel(userId)).socketsLeave(channel);
    },
    /** Which of these users have a socket open, on any process. */
    async onlineUsers(userIds: number[]): Promise<Set<number>> {
      return new Set((await socketsOf(userIds)).map((s) => s.data.userId));
    },
    /** Which of these users have a tab of the app in front, on any process (a message is not pushed to them). */
    async inFront(userIds: number[]): Promise<Set<number>> {
      return new Set((await socketsOf(userIds)).filter((s) => s.data.inFront).map((s) => s.data.userId));
    },
    /** Closes the sockets of one session (after logout). */
    disconnectSession(tokenHash: string) {
      io.in(sessionRoom(tokenHash)).disconnectSockets(true);
    },
    /** Closes every socket of a user, on every process (after all their sessions were revoked). */
    disconnectUser(userId: number) {
      io.in(userChannel(userId)).disconnectSockets(true);
    },
    /** Closes every socket of a user but those of one session, on every process (after a password change). */
    disconnectOtherSessions(userId: number, keepTokenHash: string) {
      io.in(userChannel(userId)).except(sessionRoom(keepTokenHash)).disconnectSockets(true);
    },
  };
}
