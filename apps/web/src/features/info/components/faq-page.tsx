import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ChevronDownIcon } from '../../../components/ui/icons/chevron-down.tsx';
import { SUPPORT_EMAIL } from '../../../lib/app-info.ts';
import { readBlock, useInfoNamespace } from '../info-texts.ts';
import { BlockBody, EmailLink, InfoPage, InfoSection, inlineLinkClass, type PageLink } from './info-page.tsx';

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
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-start font-medium text-slate-900 hover:text-primary-800 dark:text-white dark:hover:text-primary-300 [&::-webkit-details-marker]:hidden">
        <span>{block.question}</span>
        <ChevronDownIcon className="size-5 shrink-0 text-primary-700 transition-transform group-open:rotate-180 motion-reduce:transition-none dark:text-primary-300" />
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

/** /faq */
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
          <Link to="/contact" className={buttonClasses('primary')}>
            {t('faq.help.link')}
          </Link>
        </div>
      </InfoSection>
    </InfoPage>
  );
}
