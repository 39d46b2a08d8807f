import { useEffect, useRef } from 'react';

/** How far (px) a touch must pull down from the very top of the page to refresh. */
export const PULL_PX = 70;

/**
 * Pull-to-refresh on touch screens: a downward drag that starts with the page scrolled to the top
 * and travels PULL_PX calls `onPull` once, when the finger lifts.
 */
export function usePullToRefresh(onPull: () => void): void {
  const callback = useRef(onPull);
  useEffect(() => {
    callback.current = onPull;
  });
  useEffect(() => {
    let startY: number | null = null;
    let pulled = 0;
    const onStart = (event: TouchEvent) => {
      startY = window.scrollY <= 0 ? (event.touches[0]?.clientY ?? null) : null;
      pulled = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      pulled = (event.touches[0]?.clientY ?? startY) - startY;
    };
    const onEnd = () => {
      if (startY !== null && pulled >= PULL_PX) callback.current();
      startY = null;
      pulled = 0;
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, []);
}
