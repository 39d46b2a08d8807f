import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** After each navigation to another path, scrolls smoothly to the top (spec §2). */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [pathname]);
}
