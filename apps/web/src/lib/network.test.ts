import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkConnection, readStartingNetwork, useNetworkState } from './network.ts';

const html = document.documentElement;
const onLine = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

afterEach(() => {
  vi.restoreAllMocks();
  html.removeAttribute('data-offline');
  readStartingNetwork();
});

describe('the network state', () => {
  it('is online when the page came from the server and the browser has a network', () => {
    onLine(true);
    readStartingNetwork();
    expect(renderHook(() => useNetworkState()).result.current).toBe('online');
  });

  it('opened offline when the service worker served the cached shell, until the network is back', () => {
    onLine(true);
    html.setAttribute('data-offline', '');
    readStartingNetwork();
    const { result } = renderHook(() => useNetworkState());
    expect(result.current).toBe('opened-offline');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current).toBe('online');
    expect(html).not.toHaveAttribute('data-offline');
  });

  it('opened offline when the browser had no network; a network lost later is only a notice', () => {
    const network = onLine(false);
    readStartingNetwork();
    const { result } = renderHook(() => useNetworkState());
    expect(result.current).toBe('opened-offline');
    network.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current).toBe('online');
    network.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe('offline');
  });

  it('ends when a retry reaches the server, not when it does not', async () => {
    onLine(true);
    html.setAttribute('data-offline', '');
    readStartingNetwork();
    const { result } = renderHook(() => useNetworkState());
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await act(async () => {
      expect(await checkConnection(down)).toBe(false);
    });
    expect(result.current).toBe('opened-offline');
    const up = vi.fn(async () => new Response('{}', { status: 200 }));
    await act(async () => {
      expect(await checkConnection(up)).toBe(true);
    });
    expect(up).toHaveBeenCalledWith('/health/ready', { cache: 'no-store' });
    expect(result.current).toBe('online');
  });
});
