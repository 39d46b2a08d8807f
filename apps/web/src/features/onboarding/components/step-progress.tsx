import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons/check.tsx';
import { cx } from '../../../lib/cx.ts';
import { STEPS, type Step } from '../answers.ts';

/** "Step 2 of 3" and the three named steps, the current one marked for screen readers too. */
export function StepProgress({ step, labels }: { step: Step; labels: Record<Step, string> }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('onboarding.progressLabel')} data-testid="onboarding-progress">
      <p
        className="text-sm font-semibold text-primary-800 dark:text-primary-300"
        data-testid="onboarding-step"
      >
        {t('onboarding.stepOf', { step, total: STEPS.length })}
      </p>
      <ol className="mt-3 grid grid-cols-3 gap-2">
        {STEPS.map((item) => {
          const done = item < step;
          const current = item === step;
          return (
            <li key={item} aria-current={current ? 'step' : undefined} className="min-w-0">
              <span
                aria-hidden="true"
                className={cx(
                  'block h-1.5 rounded-full transition-colors',
                  done || current ? 'bg-primary-600 dark:bg-primary-400' : 'bg-slate-200 dark:bg-slate-700',
                )}
              />
              <span
                className={cx(
                  'mt-2 flex items-center gap-1 text-xs font-medium sm:text-sm',
                  current
                    ? 'text-slate-900 dark:text-slate-50'
                    : done
                      ? 'text-primary-800 dark:text-primary-300'
                      : 'text-slate-600 dark:text-slate-400',
                )}
              >
                {done && <CheckIcon className="size-4 shrink-0" />}
                <span className="truncate">{labels[item]}</span>
                {done && <span className="sr-only">{t('onboarding.stepDone')}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
