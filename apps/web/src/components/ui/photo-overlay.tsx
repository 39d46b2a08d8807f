import { type HTMLAttributes, type ReactNode, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../lib/cx.ts';
import { CloseIcon } from './icons/close.tsx';
import { useModal } from './use-modal.ts';

/** A round light control on the dark overlay (close, previous, next). */
export const overlayControlClasses =
  'flex size-11 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white';

interface PhotoOverlayProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'aria-label' | 'children'> {
  /** The dialog's name (what the photo shows). */
  label: string;
  closeLabel: string;
  onClose: () => void;
  /** Keys other than Escape and Tab (the lightbox's arrows). */
  onKey?: (event: KeyboardEvent) => void;
  /** A click beside the photo closes it too. */
  closeOnBackdrop?: boolean;
  testId?: string;
  /** The photo and any controls of the caller's. */
  children: ReactNode;
}

/**
 * Photos at full size over the page (the post lightbox, the chat photo viewer): a modal dialog on a dark
 * backdrop with its close button at the top end, focused on open; Escape closes and Tab stays inside
 * (useModal).
 */
export function PhotoOverlay({
  label,
  closeLabel,
  onClose,
  onKey,
  closeOnBackdrop = false,
  testId,
  className,
  children,
  ...rest
}: PhotoOverlayProps) {
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useModal(box, { onClose, onKey, initialFocus: closeRef });
  return createPortal(
    <div
      ref={box}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      data-testid={testId}
      className={cx('fixed inset-0 z-50 flex items-center justify-center bg-slate-950/90 p-4', className)}
      {...rest}
    >
      {closeOnBackdrop && (
        <button
          type="button"
          aria-hidden="true"
          tabIndex={-1}
          className="absolute inset-0 cursor-default"
          onClick={onClose}
        />
      )}
      {children}
      {/* Last, so it stays above a photo that fills the screen; focused first all the same. */}
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        aria-label={closeLabel}
        className={cx(overlayControlClasses, 'absolute end-4 top-4')}
      >
        <CloseIcon className="size-6" />
      </button>
    </div>,
    document.body,
  );
}
