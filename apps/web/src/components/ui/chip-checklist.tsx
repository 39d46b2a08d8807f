import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import { CheckIcon } from './icons/check.tsx';
import { PlusIcon } from './icons/plus.tsx';

export interface ChipOption<V extends string> {
  value: V;
  label: ReactNode;
}

interface ChipChecklistProps<V extends string> {
  legend: ReactNode;
  /** Shown under the legend, e.g. "Choose one or more". */
  hint?: ReactNode;
  /** Hide the legend visually (a heading already names the group); it stays for screen readers. */
  legendHidden?: boolean;
  name: string;
  values: readonly V[];
  options: ReadonlyArray<ChipOption<V>>;
  onChange: (values: V[]) => void;
  testId?: string;
}

/** A multiple choice drawn as chips; native checkboxes underneath keep keyboard and screen readers working. */
export function ChipChecklist<V extends string>({
  legend,
  hint,
  legendHidden,
  name,
  values,
  options,
  onChange,
  testId,
}: ChipChecklistProps<V>) {
  const toggle = (value: V) =>
    onChange(
      values.includes(value)
        ? values.filter((v) => v !== value)
        : options.map((o) => o.value).filter((v) => v === value || values.includes(v)),
    );
  return (
    <fieldset data-testid={testId} className="min-w-0">
      <legend
        className={cx(legendHidden ? 'sr-only' : 'text-sm font-medium text-slate-800 dark:text-slate-200')}
      >
        {legend}
      </legend>
      {hint && <p className="text-sm text-slate-600 dark:text-slate-300">{hint}</p>}
      <div className="mt-3 flex flex-wrap gap-2.5">
        {options.map((option) => {
          const checked = values.includes(option.value);
          return (
            <label
              key={option.value}
              data-testid={testId ? `${testId}-${option.value}` : undefined}
              data-checked={checked}
              className={cx(
                'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600 dark:has-[:focus-visible]:outline-primary-300',
                checked
                  ? 'border-primary-700 bg-primary-700 text-white dark:border-primary-400 dark:bg-primary-400 dark:text-slate-950'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
              )}
            >
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => toggle(option.value)}
                className="sr-only"
              />
              {checked ? <CheckIcon className="size-4" /> : <PlusIcon className="size-4 opacity-70" />}
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
