import { type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx.ts';

/**
 * Sets the document title as '<title> · Makan'. A layout effect, so the title changes in the same commit as
 * the heading: whoever sees the new page (a reader, a test) never sees the old page's title with it.
 */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const full = t('app.pageTitle', { title });
  useLayoutEffect(() => {
    document.title = full;
  }, [full]);
}

interface PageProps {
  title: string;
  description?: ReactNode;
  /** Extra content beside the heading (actions). */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/** A screen: its heading (the page's only h1), an optional lead line, then its content. */
export function Page({ title, description, actions, children, className, testId }: PageProps) {
  useDocumentTitle(title);
  return (
    <div data-testid={testId} className={cx('mx-auto w-full max-w-5xl', className)}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-slate-50">
            {title}
          </h1>
          {description && <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}

export function Card({ children, className, id }: { children: ReactNode; className?: string; id?: string }) {
  return (
    <div
      id={id}
      className={cx(
        'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      {children}
    </div>
  );
}
