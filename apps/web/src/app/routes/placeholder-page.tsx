import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../components/ui/page.tsx';
import type en from '../../locales/en.json';

export type PlaceholderKey = keyof (typeof en)['pages'];

/** A screen that a later issue fills: its title and one line on what will be here. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`pages.${page}.title`)} testId={`page-${page}`}>
      <Card className="flex flex-col items-start gap-3">
        <span className="rounded-full bg-primary-50 px-3 py-1 text-xs font-semibold text-primary-800 dark:bg-primary-950 dark:text-primary-200">
          {t('common.comingSoon')}
        </span>
        <p className="text-slate-700 dark:text-slate-300">{t(`pages.${page}.text`)}</p>
      </Card>
    </Page>
  );
}
