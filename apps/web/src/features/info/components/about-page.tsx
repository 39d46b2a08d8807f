import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icons/check.tsx';
import { APP_VERSION } from '../../../lib/app-info.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { propertyTypeLabel } from '../../../lib/property-types.ts';
import { readBlock, type TextBlock, useInfoNamespace } from '../info-texts.ts';
import { InfoPage, InfoSection, Paragraphs } from './info-page.tsx';

/** Short names in a row of chips (property types, countries). */
function Chips({ labels }: { labels: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {labels.map((label) => (
        <li
          key={label}
          className="rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800 dark:bg-slate-800 dark:text-primary-300"
        >
          {label}
        </li>
      ))}
    </ul>
  );
}

const cardStyles = {
  /** Who it is for: raised white cards. */
  raised: {
    card: 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900',
    term: 'font-semibold text-primary-800 dark:text-primary-300',
  },
  /** Values: a coloured edge on the reading side. */
  edged: {
    card: 'rounded-xl border-s-4 border-primary-600 bg-slate-50 py-4 ps-5 pe-4 dark:border-primary-400 dark:bg-slate-900',
    term: 'font-semibold text-slate-900 dark:text-white',
  },
};

/** Terms and their descriptions as a grid of cards, two across from the small breakpoint. */
function DefinitionCards({
  definitions,
  look,
}: {
  definitions: TextBlock['definitions'];
  look: keyof typeof cardStyles;
}) {
  const style = cardStyles[look];
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {definitions.map((definition) => (
        <li key={definition.term} className={style.card}>
          <h3 className={style.term}>{definition.term}</h3>
          <p className="mt-2 text-sm leading-6">{definition.description}</p>
        </li>
      ))}
    </ul>
  );
}

/** /about */
export function AboutPage() {
  useInfoNamespace();
  const { t } = useTranslation('info');
  const language = useLanguage();
  const section = (key: string): TextBlock => readBlock(t(`about.sections.${key}`, { returnObjects: true }));

  const whatIs = section('whatIs');
  const audience = section('audience');
  const features = section('features');
  const propertyTypes = section('propertyTypes');
  const countries = section('countries');
  const values = section('values');
  const getStarted = section('getStarted');

  return (
    <InfoPage id="about" title={t('about.title')} lead={t('about.lead')} current="/about">
      <InfoSection id="what-is-makan" heading={whatIs.heading}>
        <Paragraphs texts={whatIs.paragraphs} />
      </InfoSection>

      <InfoSection id="who-its-for" heading={audience.heading}>
        <Paragraphs texts={audience.paragraphs} />
        <DefinitionCards definitions={audience.definitions} look="raised" />
      </InfoSection>

      <InfoSection id="what-you-can-do" heading={features.heading}>
        <ul className="space-y-3">
          {features.items.map((item) => (
            <li key={item} className="flex gap-3">
              <CheckIcon className="mt-1 size-5 shrink-0 text-primary-600 dark:text-primary-400" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="property-types" heading={propertyTypes.heading}>
        <Paragraphs texts={propertyTypes.paragraphs} />
        {/* The types a listing can be tagged with, named as the listings name them ('others' is no type to list). */}
        <Chips
          labels={PROPERTY_TYPES.filter((type) => type !== 'others').map((type) =>
            propertyTypeLabel(type, language),
          )}
        />
      </InfoSection>

      <InfoSection id="where-we-operate" heading={countries.heading}>
        <Paragraphs texts={countries.paragraphs} />
        <Chips labels={countries.items} />
        <Paragraphs texts={countries.closing} />
      </InfoSection>

      <InfoSection id="our-values" heading={values.heading}>
        <DefinitionCards definitions={values.definitions} look="edged" />
      </InfoSection>

      <InfoSection id="get-started" heading={getStarted.heading}>
        <Paragraphs texts={getStarted.paragraphs} />
        <div className="flex flex-wrap gap-3 pt-2">
          <Link to="/signup" className={buttonClasses('primary')}>
            {t('about.links.signUp')}
          </Link>
          <Link to="/companies" className={buttonClasses('secondary')}>
            {t('about.links.companies')}
          </Link>
        </div>
        <p className="pt-4 text-sm text-slate-500 dark:text-slate-400">
          {t('about.version', { version: APP_VERSION })}
        </p>
      </InfoSection>
    </InfoPage>
  );
}
