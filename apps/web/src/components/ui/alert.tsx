import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import { AlertCircleIcon } from './icons/alert-circle.tsx';
import { CheckCircleIcon } from './icons/check-circle.tsx';
import { InfoIcon } from './icons/info.tsx';

export type AlertTone = 'error' | 'success' | 'info';

const tones: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
  success:
    'border-primary-200 bg-primary-50 text-primary-900 dark:border-primary-900 dark:bg-primary-950 dark:text-primary-50',
  info: 'border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-50',
};

const icons = { error: AlertCircleIcon, success: CheckCircleIcon, info: InfoIcon };

interface AlertProps {
  tone?: AlertTone;
  children: ReactNode;
  /** A second, quieter line (e.g. a provider's own description of an error). */
  detail?: ReactNode;
  /** Links or buttons under the text. */
  actions?: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A message inside a form or a card. Errors are announced at once (`alert`); other tones politely
 * (`status`). The text gets `dir="auto"`: it may be the server's words in either language.
 */
export function Alert({ tone = 'error', children, detail, actions, className, testId }: AlertProps) {
  const ToneIcon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      data-tone={tone}
      className={cx('flex items-start gap-2.5 rounded-xl border p-3 text-sm', tones[tone], className)}
    >
      <ToneIcon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p dir="auto" className="leading-snug">
          {children}
        </p>
        {detail && (
          <p dir="auto" className="mt-1 break-words text-xs opacity-80">
            {detail}
          </p>
        )}
        {actions && <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">{actions}</div>}
      </div>
    </div>
  );
}
