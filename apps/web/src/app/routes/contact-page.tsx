import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../../components/ui/icons/clock.tsx';
import { MailIcon } from '../../components/ui/icons/mail.tsx';
import { Card, Page } from '../../components/ui/page.tsx';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { SUPPORT_EMAIL } from '../../lib/app-info.ts';

export function ContactPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('contact.title')} description={t('contact.intro')} testId="contact-page">
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="mb-1 text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('contact.formTitle')}
          </h2>
          <ContactForm />
        </Card>
        <aside aria-labelledby="contact-details-title">
          <Card className="flex flex-col gap-5">
            <h2
              id="contact-details-title"
              className="text-lg font-semibold text-slate-900 dark:text-slate-50"
            >
              {t('contact.detailsTitle')}
            </h2>
            <div className="flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300">
                <MailIcon />
              </span>
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
                  {t('contact.emailLabel')}
                </p>
                <a
                  href={`mailto:${SUPPORT_EMAIL}`}
                  dir="ltr"
                  data-testid="contact-support-email"
                  className="break-all text-primary-700 underline-offset-4 hover:underline dark:text-primary-300"
                >
                  {SUPPORT_EMAIL}
                </a>
              </div>
            </div>
            <div className="flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300">
                <ClockIcon />
              </span>
              <div>
                <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
                  {t('contact.hoursLabel')}
                </p>
                <p className="text-slate-700 dark:text-slate-300">{t('footer.support')}</p>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('contact.responseTime')}</p>
              </div>
            </div>
          </Card>
        </aside>
      </div>
    </Page>
  );
}
