import { type DateTimeFormatOptions, dateTimeFormat } from '@makan/contract/intl';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readBlock } from '../info-texts.ts';
import {
  BlockBody,
  EmailLink,
  InfoPage,
  type InfoPath,
  InfoSection,
  inlineLinkClass,
  type PageLink,
} from './info-page.tsx';

// The privacy policy and the terms of service share one layout: a contents list, then numbered sections.

const LAST_UPDATED_ISO = '2026-11-22';

export interface PolicySection {
  id: string;
  key: string;
  email?: string;
  link?: PageLink;
}

// Makan's markets write dates day first, so bare English uses the British order ("22 November 2026").
// The Gregorian calendar is forced so that a regional Arabic locale does not switch the legal date to Hijri.
const DATE_LOCALE_OVERRIDES: Readonly<Record<string, string>> = { en: 'en-GB' };

function formatIsoDate(iso: string, language: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  const options: DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    calendar: 'gregory',
    timeZone: 'UTC',
  };
  try {
    return dateTimeFormat(DATE_LOCALE_OVERRIDES[language] ?? language, options).format(date);
  } catch {
    // i18next may report a pseudo-language such as "cimode", which Intl rejects.
    return dateTimeFormat('en-GB', options).format(date);
  }
}

function LastUpdated() {
  const { t, i18n } = useTranslation('info');
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return (
    <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
      {t('common.lastUpdated')}{' '}
      <time dateTime={LAST_UPDATED_ISO}>{formatIsoDate(LAST_UPDATED_ISO, language)}</time>
    </p>
  );
}

interface PolicyPageProps {
  page: 'privacy' | 'terms';
  sections: readonly PolicySection[];
  current: InfoPath;
}

/** Its texts are `<page>.title`, `<page>.lead` and `<page>.sections.<key>` of the info namespace. */
export function PolicyPage({ page, sections, current }: PolicyPageProps) {
  const { t } = useTranslation('info');
  const contentsId = `${page}-contents`;
  const blocks = sections.map((section) => ({
    ...section,
    block: readBlock(t(`${page}.sections.${section.key}`, { returnObjects: true })),
  }));

  return (
    <InfoPage
      id={page}
      title={t(`${page}.title`)}
      lead={t(`${page}.lead`)}
      current={current}
      meta={<LastUpdated />}
    >
      <nav
        aria-labelledby={contentsId}
        className="rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <p id={contentsId} className="font-semibold text-slate-900 dark:text-white">
          {t('common.onThisPage')}
        </p>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-2 ps-6 text-sm marker:text-slate-500 sm:grid-cols-2 dark:marker:text-slate-400">
          {blocks.map(({ id, block }) => (
            <li key={id}>
              <a href={`#${id}`} className={inlineLinkClass}>
                {block.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {blocks.map(({ id, block, email, link }) => (
        <InfoSection key={id} id={id} heading={block.heading}>
          <BlockBody block={block} />
          {email && <EmailLink email={email} />}
          {link && (
            <p>
              <Link to={link.to} className={inlineLinkClass}>
                {t(link.labelKey)}
              </Link>
            </p>
          )}
        </InfoSection>
      ))}
    </InfoPage>
  );
}
