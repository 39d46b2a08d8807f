import { describe, expect, it, vi } from 'vitest';
import { connectionProblem, createRealtime, type RealtimeSocket } from './realtime.ts';
import { removeItem, setItem } from './storage.ts';

type Handler = (...args: unknown[]) => void;

function fakeSocket() {
  const handlers = new Map<string, Handler>();
  const managerHandlers = new Map<string, Handler>();
  const socket = {
    active: true,
    connected: false,
    on: (event: string, handler: Handler) => handlers.set(event, handler),
    removeAllListeners: () => handlers.clear(),
    disconnect: vi.fn(),
    connect: vi.fn(),
    io: {
      on: (event: string, handler: Handler) => managerHandlers.set(event, handler),
      removeAllListeners: () => {},
    },
    fire: (event: string, ...args: unknown[]) => handlers.get(event)?.(...args),
    fireManager: (event: string) => managerHandlers.get(event)?.(),
  };
  return socket;
}

const user = { id: 7, name: 'Sara', email: 's@x.com', phone: '0500000000', preferences: null, avatar: null };

describe('realtime connection', () => {
  it('needs a stored user with an id and a token (spec §4)', () => {
    expect(connectionProblem(null, 't')).toBe('User not authenticated - please log in');
    expect(connectionProblem({ id: null }, 't')).toBe('User ID not available - please log in again');
    expect(connectionProblem({ id: 1 }, null)).toBe('No authentication token available');
    expect(connectionProblem({ id: 1 }, 't')).toBeNull();
  });

  it('reads "connecting" for a signed-in user before the connection opens, "offline" without a session', () => {
    let token: string | null = 'tok';
    const realtime = createRealtime({
      connect: () => fakeSocket() as unknown as RealtimeSocket,
      getToken: () => token,
      getUser: () => user,
      origin: () => 'http://app',
    });
    expect(realtime.getState()).toEqual({ status: 'connecting', error: null });
    expect(realtime.getState()).toBe(realtime.getState());
    token = null;
    expect(realtime.getState()).toEqual({ status: 'offline', error: null });
    token = 'tok';
    realtime.connect();
    realtime.disconnect();
    expect(realtime.getState()).toEqual({ status: 'offline', error: null });
  });

  it('connects with the token over websocket only, then reports connecting, online, reconnecting, offline', () => {
    const socket = fakeSocket();
    const connect = vi.fn(() => socket as unknown as RealtimeSocket);
    const realtime = createRealtime({
      connect,
      getToken: () => 'tok',
      getUser: () => user,
      origin: () => 'http://app',
    });
    const onConnect = vi.fn();
    realtime.onConnect(onConnect);
    expect(realtime.connect()).toBeNull();
    expect(connect).toHaveBeenCalledWith(
      'http://app',
      expect.objectContaining({ path: '/socket.io', transports: ['websocket'], auth: { token: 'tok' } }),
    );
    expect(realtime.getState().status).toBe('connecting');
    socket.fire('connect');
    expect(realtime.getState().status).toBe('online');
    expect(onConnect).toHaveBeenCalledTimes(1);
    socket.fire('disconnect', 'transport close');
    expect(realtime.getState().status).toBe('reconnecting');
    socket.fire('connect');
    expect(onConnect).toHaveBeenCalledTimes(2);
    socket.active = false;
    socket.fire('connect_error', new Error('No authentication token available'));
    expect(realtime.getState()).toEqual({ status: 'offline', error: 'No authentication token available' });
    realtime.disconnect();
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it('refuses to connect without a user, and follows the session: logout disconnects', () => {
    const socket = fakeSocket();
    const connect = vi.fn(() => socket as unknown as RealtimeSocket);
    const realtime = createRealtime({ connect, origin: () => 'http://app' });
    expect(realtime.connect()).toBe('User not authenticated - please log in');
    expect(realtime.getState()).toEqual({
      status: 'offline',
      error: 'User not authenticated - please log in',
    });
    setItem('user_data', user);
    setItem('auth_token', 'tok');
    const stop = realtime.followSession();
    expect(connect).toHaveBeenCalledTimes(1);
    removeItem('auth_token');
    expect(socket.disconnect).toHaveBeenCalled();
    expect(realtime.getSocket()).toBeNull();
    stop();
  });

  it('tells the server whether the tab is in front, on connect and on every visibility change (issue 22)', () => {
    const socket = Object.assign(fakeSocket(), { emit: vi.fn() });
    let visible = false;
    let visibilityChanged = () => {};
    const realtime = createRealtime({
      connect: () => socket as unknown as RealtimeSocket,
      getToken: () => 'tok',
      getUser: () => user,
      origin: () => 'http://app',
      visible: () => visible,
      onVisibilityChange: (listener) => {
        visibilityChanged = listener;
        return () => {
          visibilityChanged = () => {};
        };
      },
    });
    const stop = realtime.followSession();
    // Not connected yet: nothing to tell.
    visibilityChanged();
    expect(socket.emit).not.toHaveBeenCalled();
    socket.connected = true;
    socket.fire('connect');
    expect(socket.emit).toHaveBeenLastCalledWith('foreground', { visible: false });
    visible = true;
    visibilityChanged();
    expect(socket.emit).toHaveBeenLastCalledWith('foreground', { visible: true });
    // A reconnect tells it again.
    socket.fire('connect');
    expect(socket.emit).toHaveBeenCalledTimes(3);
    stop();
    visibilityChanged();
    expect(socket.emit).toHaveBeenCalledTimes(3);
  });
});
