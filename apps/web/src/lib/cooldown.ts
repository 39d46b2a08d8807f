import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * `[coolingDown, start]`: `start()` runs `action` unless the last run was less than `ms` ago, and
 * `coolingDown` stays true until `ms` has passed, so a button can show it is resting.
 */
export function useCooldown(ms: number): readonly [boolean, (action: () => void) => void] {
  const [coolingDown, setCoolingDown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = useCallback(
    (action: () => void) => {
      if (timer.current !== undefined) return;
      action();
      setCoolingDown(true);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        setCoolingDown(false);
      }, ms);
    },
    [ms],
  );
  return [coolingDown, start] as const;
}
