import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TextBlock } from '../info-texts.ts';

// The layout the four info pages share: title and lead, sections, and links to the other pages.

export type InfoPath =
  | '/about'
  | '/privacy-policy'
  | '/terms-of-service'
  | '/faq'
  | '/contact'
  | '/signup'
  | '/companies';

export interface PageLink {
  to: InfoPath;
  labelKey: string;
}

export const inlineLinkClass =
  'rounded-sm font-medium text-primary-700 underline underline-offset-4 hover:text-primary-800 dark:text-primary-300 dark:hover:text-primary-200';

const RELATED_PAGES: readonly PageLink[] = [
  { to: '/about', labelKey: 'common.nav.about' },
  { to: '/faq', labelKey: 'common.nav.faq' },
  { to: '/privacy-policy', labelKey: 'common.nav.privacy' },
  { to: '/terms-of-service', labelKey: 'common.nav.terms' },
  { to: '/contact', labelKey: 'common.nav.contact' },
];

interface InfoPageProps {
  id: string;
  title: string;
  lead: string;
  current: InfoPath;
  meta?: ReactNode;
  children: ReactNode;
}

export function InfoPage({ id, title, lead, current, meta, children }: InfoPageProps) {
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
                  className="inline-flex rounded-full bg-primary-50 px-4 py-1.5 text-sm font-medium text-primary-800 hover:bg-primary-100 dark:bg-slate-800 dark:text-primary-300 dark:hover:bg-slate-700"
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

export function InfoSection({ id, heading, children }: InfoSectionProps) {
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

export function Paragraphs({ texts }: { texts: readonly string[] }) {
  return texts.map((text) => <p key={text}>{text}</p>);
}

/** Renders the body of a section or an answer: paragraphs, lists and definitions, then closing notes. */
export function BlockBody({ block }: { block: TextBlock }) {
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

export function EmailLink({ email }: { email: string }) {
  return (
    <p>
      <a href={`mailto:${email}`} dir="ltr" className={inlineLinkClass}>
        {email}
      </a>
    </p>
  );
}
