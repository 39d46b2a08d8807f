import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BuildingIcon } from '../../../components/ui/icons/building.tsx';
import { useDocumentTitle } from '../../../components/ui/page.tsx';
import { cx } from '../../../lib/cx.ts';

/** Links inside auth cards ('Forgot password?', 'Log in'). */
export const authLinkClass =
  'rounded font-semibold text-primary-700 underline-offset-4 hover:underline dark:text-primary-300';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** The mark above the title; the Makan building by default. */
  icon?: ReactNode;
  children: ReactNode;
  /** Under the card: the way to the other auth page ('Already have an account? Log in'). */
  footer?: ReactNode;
  wide?: boolean;
  testId?: string;
}

/** The centred card of every auth screen: the brand mark, the page's h1, a lead line, the form. */
export function AuthCard({ title, description, icon, children, footer, wide, testId }: AuthCardProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div data-testid={testId} className={cx('mx-auto w-full sm:pt-4', wide ? 'max-w-xl' : 'max-w-md')}>
      <div className="rounded-3xl border border-slate-200 bg-white px-5 py-7 shadow-sm sm:px-8 sm:py-9 dark:border-slate-800 dark:bg-slate-900">
        <div className="mb-7 flex flex-col items-center text-center">
          <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-primary-500 text-white shadow-md shadow-primary-500/25">
            {icon ?? <BuildingIcon className="size-6" />}
          </span>
          <p className="text-xs font-semibold tracking-wider text-primary-700 uppercase dark:text-primary-300">
            {t('app.name')}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 dark:text-slate-50">
            {title}
          </h1>
          {description && (
            <p className="mt-2 max-w-sm text-sm leading-relaxed text-slate-600 dark:text-slate-300">
              {description}
            </p>
          )}
        </div>
        {children}
      </div>
      {footer && <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div>}
    </div>
  );
}

/** 'or', between the form and the LinkedIn button. */
export function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium text-slate-500 dark:text-slate-400">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      {t('auth.or')}
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}
