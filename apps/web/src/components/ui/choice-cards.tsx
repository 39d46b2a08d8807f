import { type ReactNode, type Ref, useId } from 'react';
import { cx } from '../../lib/cx.ts';
import { AlertCircleIcon } from './icons/alert-circle.tsx';
import { CheckCircleIcon } from './icons/check-circle.tsx';

export interface ChoiceCard<V extends string> {
  value: V;
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
}

interface ChoiceCardsProps<V extends string> {
  legend: ReactNode;
  name: string;
  /** Nothing is chosen while undefined. */
  value: V | undefined;
  choices: ReadonlyArray<ChoiceCard<V>>;
  onChange: (value: V) => void;
  onBlur?: () => void;
  error?: string | undefined;
  requiredMark?: boolean;
  /** The first radio, for a form library to focus on error. */
  ref?: Ref<HTMLInputElement>;
  testId?: string;
}

/**
 * A choice between a few options shown as cards (title, a line of description, an icon). Native
 * radios underneath keep the keyboard (arrows) and screen readers working.
 */
export function ChoiceCards<V extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  onBlur,
  error,
  requiredMark,
  ref,
  testId,
}: ChoiceCardsProps<V>) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  return (
    <fieldset data-testid={testId} aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800 dark:text-slate-200">
        {legend}
        {requiredMark && (
          <span aria-hidden="true" className="text-red-700 dark:text-red-400">
            *
          </span>
        )}
      </legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {choices.map((choice, index) => {
          const checked = choice.value === value;
          const titleId = `${baseId}-${choice.value}-title`;
          const descriptionId = `${baseId}-${choice.value}-description`;
          return (
            <label
              key={choice.value}
              data-testid={testId ? `${testId}-${choice.value}` : undefined}
              className={cx(
                'relative flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600 dark:has-[:focus-visible]:outline-primary-300',
                checked
                  ? 'border-primary-600 bg-primary-50 ring-1 ring-primary-600 dark:border-primary-400 dark:bg-primary-950 dark:ring-primary-400'
                  : error
                    ? 'border-red-600 bg-white hover:bg-slate-50 dark:border-red-400 dark:bg-slate-900 dark:hover:bg-slate-800'
                    : 'border-slate-300 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800',
              )}
            >
              <input
                ref={index === 0 ? ref : undefined}
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                onBlur={onBlur}
                aria-invalid={error ? true : undefined}
                aria-labelledby={titleId}
                aria-describedby={choice.description ? descriptionId : undefined}
                className="sr-only"
              />
              {choice.icon && (
                <span
                  className={cx(
                    'flex size-10 shrink-0 items-center justify-center rounded-lg',
                    checked
                      ? 'bg-primary-600 text-white dark:bg-primary-400 dark:text-slate-950'
                      : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
                  )}
                >
                  {choice.icon}
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span id={titleId} className="block font-semibold text-slate-900 dark:text-slate-50">
                  {choice.title}
                </span>
                {choice.description && (
                  <span
                    id={descriptionId}
                    className="mt-0.5 block text-sm text-slate-600 dark:text-slate-300"
                  >
                    {choice.description}
                  </span>
                )}
              </span>
              {checked && (
                <CheckCircleIcon className="size-5 shrink-0 text-primary-700 dark:text-primary-300" />
              )}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1 text-sm text-red-700 dark:text-red-400">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </fieldset>
  );
}
