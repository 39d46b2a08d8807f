import { type ReactNode, useId } from 'react';
import { cx } from '../../lib/cx.ts';

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
  /** BCP 47 tag of the label when it is in another language than the page. */
  lang?: string;
}

interface ChoiceGroupProps<V extends string> {
  legend: ReactNode;
  hint?: ReactNode;
  name: string;
  value: V;
  choices: ReadonlyArray<Choice<V>>;
  onChange: (value: V) => void;
  testId?: string;
  /** Choices side by side (default 2 per row). */
  columns?: 2 | 3;
}

/** Radio buttons drawn as a segmented control; native radios keep keyboard and screen reader behaviour. */
export function ChoiceGroup<V extends string>({
  legend,
  hint,
  name,
  value,
  choices,
  onChange,
  testId,
  columns = 2,
}: ChoiceGroupProps<V>) {
  const hintId = useId();
  return (
    <fieldset data-testid={testId} aria-describedby={hint ? hintId : undefined} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <div
        className={cx(
          'mt-3 grid gap-2 sm:inline-grid sm:min-w-80',
          columns === 3 ? 'grid-cols-3' : 'grid-cols-2',
        )}
      >
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cx(
              'flex cursor-pointer items-center justify-center gap-2 rounded-xl border px-4 py-2.5 text-sm font-medium transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600 dark:has-[:focus-visible]:outline-primary-300',
              choice.value === value
                ? 'border-primary-600 bg-primary-50 text-primary-900 dark:border-primary-400 dark:bg-primary-950 dark:text-primary-50'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            <input
              type="radio"
              data-testid={testId ? `${testId}-${choice.value}` : undefined}
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.icon}
            <span lang={choice.lang}>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
