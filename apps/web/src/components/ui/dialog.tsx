import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from './use-modal.ts';

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
  useModal(panel, { open, onClose, initialFocus });

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
