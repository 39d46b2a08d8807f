import { LIMITS } from '@makan/contract/limits';
import { useEffect, useRef, useState } from 'react';

/** `value`, once it has stopped changing for `delayMs` (spec §9: 300 ms); searches wait on it. */
export function useDebouncedValue<T>(value: T, delayMs: number = LIMITS.debounceMs): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * A suggestion list's close after its field loses focus, `delayMs` later (so a click on a suggestion
 * lands first): `schedule` on blur, `cancel` on focus (back within the delay, the list stays open).
 * The pending close is dropped when the field goes (it would otherwise set the state of a component
 * that is no longer there, after a test's page is torn down too).
 */
export function useCloseAfterBlur(close: () => void, delayMs = 150) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    schedule: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(close, delayMs);
    },
    cancel: () => clearTimeout(timer.current),
  };
}
