import { TEXT } from '@makan/contract/texts';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../components/ui/icons/lock.tsx';
import { MailIcon } from '../../../components/ui/icons/mail.tsx';
import { PhoneIcon } from '../../../components/ui/icons/phone.tsx';
import { Card } from '../../../components/ui/page.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { translateMessage } from '../../../lib/messages.ts';
import { useContactVisibility } from '../api/contact-visibility.ts';
import { profileErrorText } from '../errors.ts';

interface ContactInfo {
  email: string | null;
  phone: string | null;
}

function ContactList({ contact }: { contact: ContactInfo }) {
  const { t } = useTranslation();
  return (
    <dl className="flex flex-col gap-3 text-sm">
      {contact.email && (
        <div className="flex items-center gap-3">
          <MailIcon className="size-5 shrink-0 text-slate-500" />
          <dt className="sr-only">{t('profile.contact.email')}</dt>
          <dd className="min-w-0 truncate">
            <a
              href={`mailto:${contact.email}`}
              dir="ltr"
              data-testid="profile-contact-email"
              className="font-medium text-primary-800 underline-offset-4 hover:underline dark:text-primary-300"
            >
              {contact.email}
            </a>
          </dd>
        </div>
      )}
      {contact.phone && (
        <div className="flex items-center gap-3">
          <PhoneIcon className="size-5 shrink-0 text-slate-500" />
          <dt className="sr-only">{t('profile.contact.phone')}</dt>
          <dd className="min-w-0 truncate">
            <a
              href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
              dir="ltr"
              data-testid="profile-contact-phone"
              className="font-medium text-primary-800 underline-offset-4 hover:underline dark:text-primary-300"
            >
              {contact.phone}
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** Own profile: your email and phone, and the switch that hides them from everyone else. */
export function OwnContactCard({ contact, hidden }: { contact: ContactInfo; hidden: boolean }) {
  const { t } = useTranslation();
  const visibility = useContactVisibility();
  const onChange = (hide: boolean) =>
    visibility.mutate(hide, {
      onSuccess: ({ message }) =>
        showToast(translateMessage(t, message ?? TEXT.contactVisibilityUpdated), 'success'),
      onError: (error) => showToast(profileErrorText(t, error, t('profile.failures.contactVisibility'))),
    });
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('profile.contact.title')}
      </h2>
      <ContactList contact={contact} />
      <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
        <Switch
          checked={hidden}
          onChange={onChange}
          label={t('profile.contact.hide')}
          description={t('profile.contact.hideHelp')}
          testId="contact-visibility-switch"
        />
        <p
          data-testid="contact-visibility-state"
          className="mt-3 flex items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          {hidden && <LockIcon className="size-4 shrink-0" />}
          {hidden ? t('profile.contact.hiddenNow') : t('profile.contact.visibleNow')}
        </p>
      </div>
    </Card>
  );
}

/** Someone else's profile: their email and phone, or a note that they keep them private. */
export function UserContactCard({ contact }: { contact: ContactInfo }) {
  const { t } = useTranslation();
  const shown = Boolean(contact.email || contact.phone);
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('profile.contact.title')}
      </h2>
      {shown ? (
        <ContactList contact={contact} />
      ) : (
        <div data-testid="profile-contact-hidden" className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <LockIcon className="size-5" />
          </span>
          <div>
            <p className="font-medium text-slate-900 dark:text-slate-50">{t('profile.contact.hidden')}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t('profile.contact.hiddenHelp')}
            </p>
          </div>
        </div>
      )}
    </Card>
  );
}
