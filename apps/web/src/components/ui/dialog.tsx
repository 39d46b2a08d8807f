import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** The element focused on open (default: the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Role `alertdialog` for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  testId?: string;
}

/** A modal dialog: traps focus, closes on Escape, gives focus back to where it came from. */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  initialFocus,
  role = 'dialog',
  testId,
}: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  // Before paint: focus and Escape are in place in the frame the dialog first shows.
  useLayoutEffect(() => {
    if (!open) return;
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => Array.from(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    (initialFocus?.current ?? focusables()[0] ?? panel.current)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof Node && panel.current?.contains(active);
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
  }, [open, initialFocus]);

  if (!open) return null;
  // Spread, so the role can be a prop (the linter cannot see through it): both roles support these.
  const ariaProps = {
    role,
    'aria-modal': true,
    'aria-labelledby': titleId,
    'aria-describedby': description ? descriptionId : undefined,
  } as const;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/60 backdrop-blur-[2px]" />
      <div
        ref={panel}
        {...ariaProps}
        tabIndex={-1}
        data-testid={testId}
        className="relative w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
