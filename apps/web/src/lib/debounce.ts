import { LIMITS } from '@makan/contract/limits';
import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delayMs` (spec §9: 300 ms); searches wait on it. */
export function useDebouncedValue<T>(value: T, delayMs: number = LIMITS.debounceMs): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
