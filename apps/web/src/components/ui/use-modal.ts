import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

interface ModalOptions {
  /** While false the hook does nothing (for a modal that stays mounted while closed). */
  open?: boolean;
  /** Escape. */
  onClose: () => void;
  /** Focused on open; otherwise the first control inside, else the container itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Any other key the modal answers (the lightbox's arrows). */
  onKey?: (event: KeyboardEvent) => void;
}

/** The controls Tab reaches inside `container`, in order (an element with tabindex -1 is left out). */
function tabbables(container: HTMLElement | null): HTMLElement[] {
  return Array.from(container?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
    (element) => element.getAttribute('tabindex') !== '-1',
  );
}

/**
 * What every modal does (the dialog, and the photo overlay of the post lightbox and the chat photo
 * viewer): focus moves in when it opens and goes back where it was when it closes, Tab and Shift+Tab
 * stay inside, Escape closes, and the page behind does not scroll. It runs before paint, so focus and
 * keys are in place in the frame the modal first shows.
 */
export function useModal(
  container: RefObject<HTMLElement | null>,
  { open = true, onClose, initialFocus, onKey }: ModalOptions,
): void {
  const handlers = useRef({ onClose, onKey });
  useEffect(() => {
    handlers.current = { onClose, onKey };
  });

  useLayoutEffect(() => {
    if (!open) return;
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? tabbables(container.current)[0] ?? container.current)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        handlers.current.onClose();
        return;
      }
      if (event.key !== 'Tab') {
        handlers.current.onKey?.(event);
        return;
      }
      const items = tabbables(container.current);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof Node && container.current?.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      returnFocus?.focus();
    };
  }, [open, initialFocus, container]);
}
