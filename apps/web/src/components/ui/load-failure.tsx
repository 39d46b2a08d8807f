import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from './button.tsx';
import { AlertIcon } from './icons/alert.tsx';
import { HomeIcon } from './icons/home.tsx';
import { RefreshIcon } from './icons/refresh.tsx';

interface LoadFailureProps {
  title: ReactNode;
  message: ReactNode;
  onRetry: () => void;
  /** Where 'Go Home' leads; a full page load, so a broken state is left behind. */
  homeHref?: string;
}

/** A screen for something that failed to load: what happened, then Retry and Go Home (spec §2). */
export function LoadFailure({ title, message, onRetry, homeHref = '/' }: LoadFailureProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="load-failure"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300">
        <AlertIcon className="size-7" />
      </span>
      <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-50">{title}</h1>
      <p className="text-slate-600 dark:text-slate-300">{message}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>
          <RefreshIcon className="size-4" />
          {t('common.retry')}
        </Button>
        <a href={homeHref} className={buttonClasses('secondary')}>
          <HomeIcon className="size-4" />
          {t('common.goHome')}
        </a>
      </div>
    </div>
  );
}
