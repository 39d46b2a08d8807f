import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until `endsAt` (ms since epoch), ticking down to 0; `start(seconds)` begins a
 * new countdown. Computed from the clock rather than counted, so a slow tab never drifts.
 */
export function useCountdown(initialEndsAt: number | null = null) {
  const [endsAt, setEndsAt] = useState(initialEndsAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt == null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);

  const remaining = endsAt == null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, start };
}

/** 75 → '1:15': digits and a colon read the same way in both languages. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
