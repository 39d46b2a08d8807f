import { useSyncExternalStore } from 'react';

const supported = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * Whether a CSS media query matches now, following changes (rotation, a resized window). Where the
 * browser cannot tell (tests without matchMedia), false. Undefined while a prerendered page is drawn
 * or hydrated (the build knows no screen): what depends on it then shows both ways, with CSS
 * choosing, so the page the reader sees does not move once it is known.
 */
export function useMediaQuery(query: string): boolean | undefined {
  return useSyncExternalStore(
    (onChange) => {
      if (!supported()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => supported() && window.matchMedia(query).matches,
    () => undefined,
  );
}

/** Below Tailwind's `sm` breakpoint (640 px): a phone. */
export const PHONE_QUERY = '(max-width: 639.98px)';
