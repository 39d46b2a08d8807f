import { PROPERTY_TYPES } from '@makan/contract/property-types';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_VERSION, SUPPORT_EMAIL } from '../../../lib/app-info.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { type LazyTexts, useLazyTexts } from '../../../lib/lazy-texts.ts';
import { propertyTypeLabel } from '../../../lib/property-types.ts';

/** The `info` namespace is a third of the app's text and only these pages read it. */
const infoTexts: LazyTexts = {
  name: 'info',
  present: (i18n) => i18n.hasResourceBundle(i18n.language, 'info'),
  async load(i18n) {
    const language = i18n.language === 'ar' ? 'ar' : 'en';
    const texts = language === 'ar' ? await import('../locales/ar.json') : await import('../locales/en.json');
    i18n.addResourceBundle(language, 'info', texts.default, true, true);
  },
};

function useInfoNamespace(): void {
  useLazyTexts(infoTexts);
}

const LAST_UPDATED_ISO = '2026-11-22';
const PRIVACY_EMAIL = 'privacy@makan.example';
const LEGAL_EMAIL = 'legal@makan.example';

type InfoPath =
  | '/about'
  | '/privacy-policy'
  | '/terms-of-service'
  | '/faq'
  | '/contact'
  | '/signup'
  | '/companies';

interface PageLink {
  to: InfoPath;
  labelKey: string;
}

// The translation files are plain JSON read through `returnObjects`, so every block is narrowed
// from `unknown` here instead of being trusted: a missing or mistyped key renders nothing.
interface TermDefinition {
  term: string;
  description: string;
}

interface TextBlock {
  heading: string;
  question: string;
  paragraphs: string[];
  items: string[];
  steps: string[];
  definitions: TermDefinition[];
  closing: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function readDefinitions(value: unknown): TermDefinition[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (!isRecord(entry)) return [];
    const term = readString(entry.term);
    const description = readString(entry.description);
    return term && description ? [{ term, description }] : [];
  });
}

function readBlock(value: unknown): TextBlock {
  const record = isRecord(value) ? value : {};
  return {
    heading: readString(record.heading),
    question: readString(record.question),
    paragraphs: readStrings(record.paragraphs),
    items: readStrings(record.items),
    steps: readStrings(record.steps),
    definitions: readDefinitions(record.definitions),
    closing: readStrings(record.closing),
  };
}

// Makan's markets write dates day first, so bare English uses the British order ("22 November 2026").
// The Gregorian calendar is forced so that a regional Arabic locale does not switch the legal date to Hijri.
const DATE_LOCALE_OVERRIDES: Readonly<Record<string, string>> = { en: 'en-GB' };

function formatIsoDate(iso: string, language: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    calendar: 'gregory',
    timeZone: 'UTC',
  };
  try {
    return new Intl.DateTimeFormat(DATE_LOCALE_OVERRIDES[language] ?? language, options).format(date);
  } catch {
    // i18next may report a pseudo-language such as "cimode", which Intl rejects.
    return new Intl.DateTimeFormat('en-GB', options).format(date);
  }
}

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:focus-visible:outline-primary-400';

const inlineLinkClass = `rounded-sm font-medium text-primary-700 underline underline-offset-4 hover:text-primary-800 dark:text-primary-300 dark:hover:text-primary-200 ${focusRing}`;

const primaryButtonClass = `inline-flex items-center justify-center rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-primary-800 ${focusRing}`;

const secondaryButtonClass = `inline-flex items-center justify-center rounded-lg border border-primary-700 px-5 py-2.5 font-semibold text-primary-700 hover:bg-primary-50 dark:border-primary-400 dark:text-primary-300 dark:hover:bg-slate-800 ${focusRing}`;

const RELATED_PAGES: readonly PageLink[] = [
  { to: '/about', labelKey: 'common.nav.about' },
  { to: '/faq', labelKey: 'common.nav.faq' },
  { to: '/privacy-policy', labelKey: 'common.nav.privacy' },
  { to: '/terms-of-service', labelKey: 'common.nav.terms' },
  { to: '/contact', labelKey: 'common.nav.contact' },
];

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="mt-1 size-5 shrink-0 text-primary-600 dark:text-primary-400"
    >
      <path
        fillRule="evenodd"
        d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

function ChevronDownIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className="size-5 shrink-0 text-primary-700 transition-transform group-open:rotate-180 motion-reduce:transition-none dark:text-primary-300"
    >
      <path
        fillRule="evenodd"
        d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

interface InfoPageProps {
  id: string;
  title: string;
  lead: string;
  current: InfoPath;
  meta?: ReactNode;
  children: ReactNode;
}

function InfoPage({ id, title, lead, current, meta, children }: InfoPageProps) {
  const { t } = useTranslation('info');
  const headingId = `${id}-title`;
  const relatedId = `${id}-related`;

  return (
    <article
      aria-labelledby={headingId}
      className="mx-auto w-full max-w-3xl px-4 py-10 text-start text-slate-700 sm:px-6 lg:py-14 dark:text-slate-300"
    >
      <title>{t('common.documentTitle', { page: title })}</title>
      <header className="border-b border-slate-200 pb-8 dark:border-slate-800">
        <h1 id={headingId} className="text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">
          {title}
        </h1>
        {meta}
        <p className="mt-5 text-lg leading-8 text-slate-600 dark:text-slate-300">{lead}</p>
      </header>

      <div className="mt-10 space-y-12">{children}</div>

      <footer className="mt-14 border-t border-slate-200 pt-8 dark:border-slate-800">
        <nav aria-labelledby={relatedId}>
          <p id={relatedId} className="text-sm font-semibold text-slate-900 dark:text-white">
            {t('common.relatedPages')}
          </p>
          <ul className="mt-4 flex flex-wrap gap-3">
            {RELATED_PAGES.filter((page) => page.to !== current).map((page) => (
              <li key={page.to}>
                <Link
                  to={page.to}
                  className={`inline-flex rounded-full bg-primary-50 px-4 py-1.5 text-sm font-medium text-primary-800 hover:bg-primary-100 dark:bg-slate-800 dark:text-primary-300 dark:hover:bg-slate-700 ${focusRing}`}
                >
                  {t(page.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </footer>
    </article>
  );
}

interface InfoSectionProps {
  id: string;
  heading: string;
  children: ReactNode;
}

function InfoSection({ id, heading, children }: InfoSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900 sm:text-2xl dark:text-white">
        {heading}
      </h2>
      <div className="mt-4 space-y-4 leading-7">{children}</div>
    </section>
  );
}

function Paragraphs({ texts }: { texts: readonly string[] }) {
  return texts.map((text) => <p key={text}>{text}</p>);
}

/** Renders the body of a section or an answer: paragraphs, lists and definitions, then closing notes. */
function BlockBody({ block }: { block: TextBlock }) {
  return (
    <>
      <Paragraphs texts={block.paragraphs} />
      {block.items.length > 0 && (
        <ul className="list-disc space-y-2 ps-6 marker:text-primary-600 dark:marker:text-primary-400">
          {block.items.map((item) => (
            <li key={item} className="ps-1">
              {item}
            </li>
          ))}
        </ul>
      )}
      {block.steps.length > 0 && (
        <ol className="list-decimal space-y-2 ps-6 marker:font-semibold marker:text-primary-700 dark:marker:text-primary-300">
          {block.steps.map((step) => (
            <li key={step} className="ps-1">
              {step}
            </li>
          ))}
        </ol>
      )}
      {block.definitions.length > 0 && (
        <dl className="space-y-4">
          {block.definitions.map((definition) => (
            <div
              key={definition.term}
              className="rounded-lg border-s-4 border-primary-600 bg-slate-50 py-3 ps-4 pe-4 dark:border-primary-400 dark:bg-slate-900"
            >
              <dt className="font-semibold text-slate-900 dark:text-white">{definition.term}</dt>
              <dd className="mt-1">{definition.description}</dd>
            </div>
          ))}
        </dl>
      )}
      <Paragraphs texts={block.closing} />
    </>
  );
}

function EmailLink({ email }: { email: string }) {
  return (
    <p>
      <a href={`mailto:${email}`} dir="ltr" className={inlineLinkClass}>
        {email}
      </a>
    </p>
  );
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

// ---------------------------------------------------------------------------------------------
// About

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

  const chipClass =
    'rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800 dark:bg-slate-800 dark:text-primary-300';

  return (
    <InfoPage id="about" title={t('about.title')} lead={t('about.lead')} current="/about">
      <InfoSection id="what-is-makan" heading={whatIs.heading}>
        <Paragraphs texts={whatIs.paragraphs} />
      </InfoSection>

      <InfoSection id="who-its-for" heading={audience.heading}>
        <Paragraphs texts={audience.paragraphs} />
        <ul className="grid gap-4 sm:grid-cols-2">
          {audience.definitions.map((definition) => (
            <li
              key={definition.term}
              className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <h3 className="font-semibold text-primary-800 dark:text-primary-300">{definition.term}</h3>
              <p className="mt-2 text-sm leading-6">{definition.description}</p>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="what-you-can-do" heading={features.heading}>
        <ul className="space-y-3">
          {features.items.map((item) => (
            <li key={item} className="flex gap-3">
              <CheckIcon />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="property-types" heading={propertyTypes.heading}>
        <Paragraphs texts={propertyTypes.paragraphs} />
        <ul className="flex flex-wrap gap-2">
          {/* The types a listing can be tagged with, named as the listings name them ('others' is no type to list). */}
          {PROPERTY_TYPES.filter((type) => type !== 'others').map((type) => (
            <li key={type} className={chipClass}>
              {propertyTypeLabel(type, language)}
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="where-we-operate" heading={countries.heading}>
        <Paragraphs texts={countries.paragraphs} />
        <ul className="flex flex-wrap gap-2">
          {countries.items.map((item) => (
            <li key={item} className={chipClass}>
              {item}
            </li>
          ))}
        </ul>
        <Paragraphs texts={countries.closing} />
      </InfoSection>

      <InfoSection id="our-values" heading={values.heading}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {values.definitions.map((definition) => (
            <li
              key={definition.term}
              className="rounded-xl border-s-4 border-primary-600 bg-slate-50 py-4 ps-5 pe-4 dark:border-primary-400 dark:bg-slate-900"
            >
              <h3 className="font-semibold text-slate-900 dark:text-white">{definition.term}</h3>
              <p className="mt-2 text-sm leading-6">{definition.description}</p>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="get-started" heading={getStarted.heading}>
        <Paragraphs texts={getStarted.paragraphs} />
        <div className="flex flex-wrap gap-3 pt-2">
          <Link to="/signup" className={primaryButtonClass}>
            {t('about.links.signUp')}
          </Link>
          <Link to="/companies" className={secondaryButtonClass}>
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

// ---------------------------------------------------------------------------------------------
// Privacy policy and terms of service share one layout: a contents list, then numbered sections.

interface PolicySection {
  id: string;
  key: string;
  email?: string;
  link?: PageLink;
}

const PRIVACY_SECTIONS: readonly PolicySection[] = [
  { id: 'scope', key: 'scope' },
  { id: 'data-we-collect', key: 'collect' },
  { id: 'how-we-use-data', key: 'use' },
  { id: 'legal-bases', key: 'legalBases' },
  { id: 'applicable-laws', key: 'laws' },
  { id: 'retention', key: 'retention' },
  { id: 'sharing', key: 'sharing' },
  { id: 'international-transfers', key: 'transfers' },
  { id: 'hiding-contact-details', key: 'visibility' },
  { id: 'your-rights', key: 'rights', email: PRIVACY_EMAIL },
  { id: 'cookies-and-local-storage', key: 'storage' },
  { id: 'security', key: 'security' },
  { id: 'children', key: 'children' },
  { id: 'changes', key: 'changes' },
  {
    id: 'contact',
    key: 'contact',
    email: PRIVACY_EMAIL,
    link: { to: '/contact', labelKey: 'privacy.links.contact' },
  },
];

const TERMS_SECTIONS: readonly PolicySection[] = [
  { id: 'acceptance', key: 'acceptance' },
  { id: 'makan-is-a-platform', key: 'role' },
  { id: 'accounts', key: 'accounts' },
  { id: 'acceptable-use', key: 'acceptableUse' },
  { id: 'listings', key: 'listings' },
  { id: 'your-content', key: 'content' },
  { id: 'prohibited-content', key: 'prohibited' },
  { id: 'messaging', key: 'messaging' },
  { id: 'privacy', key: 'privacy', link: { to: '/privacy-policy', labelKey: 'terms.links.privacy' } },
  { id: 'termination', key: 'termination' },
  { id: 'liability', key: 'liability' },
  { id: 'governing-law', key: 'governingLaw' },
  { id: 'changes', key: 'changes' },
  { id: 'contact', key: 'contact', email: LEGAL_EMAIL },
];

interface PolicyPageProps {
  page: 'privacy' | 'terms';
  sections: readonly PolicySection[];
  current: InfoPath;
}

function PolicyPage({ page, sections, current }: PolicyPageProps) {
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

export function PrivacyPolicyPage() {
  useInfoNamespace();
  return <PolicyPage page="privacy" sections={PRIVACY_SECTIONS} current="/privacy-policy" />;
}

export function TermsOfServicePage() {
  useInfoNamespace();
  return <PolicyPage page="terms" sections={TERMS_SECTIONS} current="/terms-of-service" />;
}

// ---------------------------------------------------------------------------------------------
// FAQ

interface FaqItem {
  id: string;
  key: string;
  email?: string;
  links?: readonly PageLink[];
}

interface FaqGroup {
  id: string;
  key: string;
  items: readonly FaqItem[];
}

const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'getting-started',
    key: 'gettingStarted',
    items: [
      { id: 'faq-sign-up', key: 'signUp', links: [{ to: '/signup', labelKey: 'faq.links.signUp' }] },
      {
        id: 'faq-verification-code',
        key: 'verificationCode',
        links: [{ to: '/contact', labelKey: 'faq.links.contactSupport' }],
      },
      { id: 'faq-account-types', key: 'accountTypes' },
    ],
  },
  {
    id: 'listings-and-privacy',
    key: 'listings',
    items: [
      { id: 'faq-post-listing', key: 'postListing' },
      { id: 'faq-hide-contact', key: 'hideContact' },
    ],
  },
  {
    id: 'using-makan',
    key: 'using',
    items: [
      { id: 'faq-chat', key: 'chat' },
      { id: 'faq-free', key: 'free' },
      { id: 'faq-countries', key: 'countries' },
    ],
  },
  {
    id: 'account-and-support',
    key: 'account',
    items: [
      {
        id: 'faq-delete-account',
        key: 'deleteAccount',
        links: [
          { to: '/contact', labelKey: 'faq.links.contactSupport' },
          { to: '/privacy-policy', labelKey: 'faq.links.privacy' },
        ],
      },
      {
        id: 'faq-support',
        key: 'support',
        email: SUPPORT_EMAIL,
        links: [{ to: '/contact', labelKey: 'faq.links.contactSupport' }],
      },
    ],
  },
];

function FaqEntry({ item }: { item: FaqItem }) {
  const { t } = useTranslation('info');
  const block = readBlock(t(`faq.items.${item.key}`, { returnObjects: true }));
  const links = item.links ?? [];

  return (
    <details
      id={item.id}
      className="group scroll-mt-24 rounded-xl border border-slate-200 bg-white open:border-primary-200 open:bg-primary-50 dark:border-slate-800 dark:bg-slate-900 dark:open:border-primary-800 dark:open:bg-slate-900"
    >
      <summary
        className={`flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-start font-medium text-slate-900 hover:text-primary-800 dark:text-white dark:hover:text-primary-300 [&::-webkit-details-marker]:hidden ${focusRing}`}
      >
        <span>{block.question}</span>
        <ChevronDownIcon />
      </summary>
      <div className="space-y-3 px-5 pb-5 leading-7 text-slate-700 dark:text-slate-300">
        <BlockBody block={block} />
        {item.email && <EmailLink email={item.email} />}
        {links.length > 0 && (
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            {links.map((link) => (
              <Link key={link.to} to={link.to} className={inlineLinkClass}>
                {t(link.labelKey)}
              </Link>
            ))}
          </p>
        )}
      </div>
    </details>
  );
}

export function FaqPage() {
  useInfoNamespace();
  const { t } = useTranslation('info');

  return (
    <InfoPage id="faq" title={t('faq.title')} lead={t('faq.lead')} current="/faq">
      {FAQ_GROUPS.map((group) => (
        <InfoSection key={group.id} id={group.id} heading={t(`faq.groups.${group.key}`)}>
          <ul className="space-y-3">
            {group.items.map((item) => (
              <li key={item.id}>
                <FaqEntry item={item} />
              </li>
            ))}
          </ul>
        </InfoSection>
      ))}

      <InfoSection id="still-have-questions" heading={t('faq.help.heading')}>
        <div className="flex flex-col items-start gap-4 rounded-xl bg-primary-50 p-6 sm:flex-row sm:items-center sm:justify-between dark:bg-slate-900">
          <p className="text-slate-800 dark:text-slate-200">{t('faq.help.text')}</p>
          <Link to="/contact" className={`shrink-0 ${primaryButtonClass}`}>
            {t('faq.help.link')}
          </Link>
        </div>
      </InfoSection>
    </InfoPage>
  );
}
