import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PULL_PX, usePullToRefresh } from './pull-to-refresh.ts';

function drag(from: number, to: number) {
  const touch = (y: number) => ({ touches: [{ clientY: y }] });
  window.dispatchEvent(Object.assign(new Event('touchstart'), touch(from)));
  window.dispatchEvent(Object.assign(new Event('touchmove'), touch(to)));
  window.dispatchEvent(new Event('touchend'));
}

describe('pull to refresh', () => {
  it('refreshes on a long enough pull from the top, not on a short one or further down the page', () => {
    const onPull = vi.fn();
    const { unmount } = renderHook(() => usePullToRefresh(onPull));
    drag(100, 100 + PULL_PX - 10);
    expect(onPull).not.toHaveBeenCalled();
    drag(100, 100 + PULL_PX + 10);
    expect(onPull).toHaveBeenCalledTimes(1);
    Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
    drag(100, 300);
    expect(onPull).toHaveBeenCalledTimes(1);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    unmount();
    drag(100, 300);
    expect(onPull).toHaveBeenCalledTimes(1);
  });
});
