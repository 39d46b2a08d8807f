import { LIMITS } from '@makan/contract/limits';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx.ts';
import { apiErrorText, type Message, translateMessage } from '../../lib/messages.ts';
import { AlertCircleIcon } from './icons/alert-circle.tsx';
import { CheckCircleIcon } from './icons/check-circle.tsx';
import { CloseIcon } from './icons/close.tsx';
import { InfoIcon } from './icons/info.tsx';

export type ToastTone = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

/** How many toasts stay on screen at once; older ones leave first. */
const MAX_VISIBLE = 4;

let toasts: Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  publish(toasts.filter((toast) => toast.id !== id));
}

/**
 * Shows a toast at the top of the screen for 3 s (spec §8). The same message shown again while
 * visible restarts its timer instead of stacking a copy.
 */
export function showToast(
  message: string,
  tone: ToastTone = 'error',
  durationMs: number = LIMITS.toastMs,
): number {
  const existing = toasts.find((toast) => toast.message === message && toast.tone === tone);
  const id = existing?.id ?? nextId++;
  const previousTimer = timers.get(id);
  if (previousTimer) clearTimeout(previousTimer);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  if (!existing) {
    const next = [...toasts, { id, message, tone }];
    for (const dropped of next.slice(0, Math.max(0, next.length - MAX_VISIBLE))) {
      const timer = timers.get(dropped.id);
      if (timer) clearTimeout(timer);
      timers.delete(dropped.id);
    }
    publish(next.slice(-MAX_VISIBLE));
  }
  return id;
}

/**
 * A change's outcome, told by toast: the server's words when it succeeded (if it said any), the error's
 * words when it failed. For `mutate`'s `onSuccess` and `onError`.
 */
export function useOutcomeToasts() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      succeeded: ({ message }: { message?: Message | null | undefined }) => {
        if (message) showToast(translateMessage(t, message), 'success');
      },
      failed: (error: unknown) => {
        showToast(apiErrorText(t, error));
      },
    }),
    [t],
  );
}

/** Removes every toast (tests, or a screen that resets everything). */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  publish([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => toasts;

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

const toneClasses: Record<ToastTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
  success:
    'border-primary-200 bg-primary-50 text-primary-900 dark:border-primary-900 dark:bg-primary-950 dark:text-primary-50',
  info: 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
};

const toneIcons = { error: AlertCircleIcon, success: CheckCircleIcon, info: InfoIcon };

/** Renders the toasts; mount once, near the root. */
export function ToastViewport() {
  const { t } = useTranslation();
  const items = useToasts();
  return (
    <section
      aria-label={t('common.notifications')}
      className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex flex-col items-center gap-2 px-3"
    >
      {items.map((toast) => {
        const ToneIcon = toneIcons[toast.tone];
        return (
          <div
            key={toast.id}
            role="status"
            data-testid="toast"
            data-tone={toast.tone}
            className={cx(
              'pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg',
              toneClasses[toast.tone],
            )}
          >
            <ToneIcon className="mt-0.5 size-5 shrink-0" />
            <p dir="auto" className="flex-1 leading-snug">
              {toast.message}
            </p>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              aria-label={t('common.dismiss')}
              className="-me-1 -mt-0.5 rounded-md p-1 opacity-70 hover:opacity-100"
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
        );
      })}
    </section>
  );
}
