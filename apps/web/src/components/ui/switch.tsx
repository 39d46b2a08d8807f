import { type ReactNode, useId } from 'react';
import { cx } from '../../lib/cx.ts';

interface SwitchButtonProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Its name: the id of a visible label (`labelledBy`), or the words themselves (`label`). */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  disabled?: boolean;
  testId?: string;
  id?: string;
}

/**
 * The switch itself: a real button with role=switch and aria-checked. `Switch` puts its label beside
 * it; a grid of switches (one per row and column) names each one in full instead.
 */
export function SwitchButton({
  checked,
  onChange,
  labelledBy,
  label,
  describedBy,
  disabled,
  testId,
  id,
}: SwitchButtonProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-describedby={describedBy}
      disabled={disabled}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className={cx(
        'relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-primary-700 dark:bg-primary-400' : 'bg-slate-300 dark:bg-slate-600',
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          'inline-block size-6 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  );
}

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  /** What turning it on does; read with the switch (aria-describedby). */
  description?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/** An on/off switch with its label and description beside it. */
export function Switch({ checked, onChange, label, description, disabled, testId }: SwitchProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <p id={labelId} className="font-medium text-slate-900 dark:text-slate-50">
          {label}
        </p>
        {description && (
          <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {description}
          </p>
        )}
      </div>
      <SwitchButton
        checked={checked}
        onChange={onChange}
        labelledBy={labelId}
        describedBy={description ? descriptionId : undefined}
        disabled={disabled}
        testId={testId}
      />
    </div>
  );
}
