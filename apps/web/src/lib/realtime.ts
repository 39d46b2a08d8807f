import { LIMITS } from '@makan/contract/limits';
import type { ClientToServerEvents, ServerToClientEvents } from '@makan/contract/realtime';
import { CLIENT_EVENTS, SOCKET_PATH } from '@makan/contract/realtime-events';
import { TEXT } from '@makan/contract/texts';
import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getItem, subscribe as subscribeStorage } from './storage.ts';

/**
 * The one Socket.IO connection of the signed-in user (spec §7), typed from the contract. It knows
 * nothing of chat: features register what to do on each (re)connect and listen on the socket.
 */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type RealtimeStatus = 'connecting' | 'online' | 'reconnecting' | 'offline';

export interface RealtimeState {
  status: RealtimeStatus;
  /** The contract text (or the server's words) of the last failure; null while all is well. */
  error: string | null;
}

export interface RealtimeDeps {
  connect: (origin: string, options: Parameters<typeof io>[1]) => RealtimeSocket;
  getToken: () => string | null;
  getUser: () => { id?: number | null } | null;
  origin: () => string;
  /** Whether the tab is in front now. */
  visible: () => boolean;
  /** Calls `listener` whenever the tab comes to the front or goes behind; returns how to stop. */
  onVisibilityChange: (listener: () => void) => () => void;
}

const defaultDeps: RealtimeDeps = {
  connect: (origin, options) => io(origin, options),
  getToken: () => getItem('auth_token'),
  getUser: () => getItem('user_data'),
  origin: () => window.location.origin,
  visible: () => document.visibilityState === 'visible',
  onVisibilityChange: (listener) => {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** Spec §4: a stored user with an id and a token come before any connection. Pure. */
export function connectionProblem(user: { id?: number | null } | null, token: string | null): string | null {
  if (!user) return TEXT.socketUserMissing;
  if (user.id == null) return TEXT.socketUserIdMissing;
  if (!token) return TEXT.socketNoToken;
  return null;
}

/** A connection on its way: before the first connect, and in a page prerendered for a signed-in reader. */
const CONNECTING: RealtimeState = { status: 'connecting', error: null };

export function createRealtime(overrides: Partial<RealtimeDeps> = {}) {
  const deps: RealtimeDeps = { ...defaultDeps, ...overrides };
  let socket: RealtimeSocket | null = null;
  let token: string | null = null;
  // Until the first connect a signed-in user's connection is on its way (it opens once the page has
  // loaded and gone idle), so it reads "connecting", not "offline"; without a session it is offline.
  let started = false;
  let state: RealtimeState = { status: 'offline', error: null };
  const getState = (): RealtimeState =>
    started || connectionProblem(deps.getUser(), deps.getToken()) ? state : CONNECTING;
  const stateListeners = new Set<() => void>();
  const connectListeners = new Set<(socket: RealtimeSocket) => void>();
  const socketListeners = new Set<(socket: RealtimeSocket | null) => void>();

  function setState(next: RealtimeState) {
    if (next.status === state.status && next.error === state.error) return;
    state = next;
    for (const listener of stateListeners) listener();
  }

  function announceSocket() {
    for (const listener of socketListeners) listener(socket);
  }

  /** Opens the connection if it is not open yet; returns the problem text when it cannot. */
  function connect(): string | null {
    started = true;
    const nextToken = deps.getToken();
    const problem = connectionProblem(deps.getUser(), nextToken);
    if (problem) {
      disconnect();
      setState({ status: 'offline', error: problem });
      return problem;
    }
    if (socket && token === nextToken) return null;
    disconnect();
    token = nextToken;
    const created = deps.connect(deps.origin(), {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token: nextToken },
      reconnection: true,
      // Socket.IO's own backoff: 1 s doubling (with jitter) up to 10 s, like the HTTP retries (spec §8).
      reconnectionDelay: LIMITS.retryBaseMs,
      reconnectionDelayMax: LIMITS.retryMaxMs,
    });
    socket = created;
    setState({ status: 'connecting', error: null });
    created.on('connect', () => {
      setState({ status: 'online', error: null });
      tellForeground();
      for (const listener of connectListeners) listener(created);
    });
    created.on('disconnect', (reason) => {
      // The server closing the socket (e.g. the token was revoked) is not retried by Socket.IO.
      if (reason === 'io server disconnect') created.connect();
      setState({ status: created.active ? 'reconnecting' : 'offline', error: state.error });
    });
    created.on('connect_error', (error) => {
      // A refusal by the server's middleware (bad token) is final; a network failure is retried.
      setState({ status: created.active ? 'reconnecting' : 'offline', error: error.message || null });
    });
    created.io.on('reconnect_attempt', () => setState({ status: 'reconnecting', error: state.error }));
    announceSocket();
    return null;
  }

  /**
   * Issue 22: whether this tab is in front, on every connect and every visibility change, so the server
   * pushes no message to someone reading the app (CLIENT_EVENTS.foreground).
   */
  function tellForeground() {
    if (socket?.connected) {
      socket.emit(CLIENT_EVENTS.foreground, { visible: deps.visible() });
    }
  }

  function disconnect() {
    const current = socket;
    socket = null;
    token = null;
    if (current) {
      current.removeAllListeners();
      current.io.removeAllListeners();
      current.disconnect();
      announceSocket();
    }
    setState({ status: 'offline', error: null });
  }

  /** Follows the session: connects when a user signs in, disconnects at logout (token removed). */
  function followSession(): () => void {
    connect();
    const stopVisibility = deps.onVisibilityChange(tellForeground);
    const stopStorage = subscribeStorage((key) => {
      if (key !== null && key !== 'auth_token' && key !== 'user_data') return;
      if (!deps.getToken()) disconnect();
      else connect();
    });
    return () => {
      stopVisibility();
      stopStorage();
    };
  }

  return {
    connect,
    disconnect,
    followSession,
    getSocket: () => socket,
    getState,
    /** Runs on every connect, the first and each reconnect: re-subscribe, catch up. */
    onConnect(listener: (socket: RealtimeSocket) => void): () => void {
      connectListeners.add(listener);
      return () => connectListeners.delete(listener);
    },
    /** Runs when the socket object changes (a new connection or none): attach event handlers. */
    onSocket(listener: (socket: RealtimeSocket | null) => void): () => void {
      socketListeners.add(listener);
      return () => socketListeners.delete(listener);
    },
    subscribe(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}

/** The app's connection. */
export const realtime = createRealtime();

/**
 * Whether the app opens the connection at all. Off under unit tests (MODE 'test'): screens there
 * talk to a mocked fetch and no server, and a socket retrying in the background would only add
 * noise; the chat's own tests drive the socket layer directly.
 */
export const realtimeEnabled = { current: import.meta.env.MODE !== 'test' };

export function useRealtimeState(): RealtimeState {
  // The prerendered signed-in pages (the chat's shell) were rendered before any connection: they say it
  // is on its way, and hydration starts from the same words.
  return useSyncExternalStore(realtime.subscribe, realtime.getState, () => CONNECTING);
}
