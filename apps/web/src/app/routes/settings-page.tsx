import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card, Page } from '../../components/ui/page.tsx';
import { useCurrentUser } from '../../features/account/api/current-user.ts';
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx';
import { ContactSettings } from '../../features/account/components/contact-settings.tsx';
import { DataExportSettings } from '../../features/account/components/data-export-settings.tsx';
import { DeleteAccount } from '../../features/account/components/delete-account.tsx';
import { SignOutEverywhereButton } from '../../features/account/components/sign-out-everywhere-button.tsx';
import { LogoutButton } from '../../features/auth/components/logout-button.tsx';
import { PresenceSetting } from '../../features/chat/components/presence-setting.tsx';
import { BlockedUsers } from '../../features/profiles/components/blocked-users.tsx';
import { LanguageSetting, ThemeSetting } from '../../features/settings/components/appearance-settings.tsx';
import { useSignedIn } from '../../lib/session.ts';

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Card id={id}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-50">{title}</h2>
      {children}
    </Card>
  );
}

/** Moderators and admins find their console here (the server refuses it to anyone else). */
function ModerationSection() {
  const { t } = useTranslation();
  const role = useCurrentUser().data?.role;
  if (!role || role === 'member') return null;
  return (
    <Section title={t('settings.moderation')} id="moderation">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-slate-600 dark:text-slate-300">{t('settings.moderationText')}</p>
        <Link to="/admin" className={buttonClasses('secondary')} data-testid="moderation-link">
          {t('settings.moderationOpen')}
        </Link>
      </div>
    </Section>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  return (
    <Page
      title={t('settings.title')}
      description={t('settings.description')}
      className="max-w-3xl"
      testId="settings-page"
    >
      <div className="flex flex-col gap-5">
        <Section title={t('settings.preferences')}>
          <div className="flex flex-col gap-6">
            <ThemeSetting />
            <hr className="border-slate-200 dark:border-slate-800" />
            <LanguageSetting />
          </div>
        </Section>
        {signedIn && <ModerationSection />}
        {signedIn && (
          <Section title={t('settings.privacy')}>
            <PresenceSetting />
          </Section>
        )}
        {signedIn && (
          <Section title={t('blocks.title')} id="blocked-accounts">
            <BlockedUsers />
          </Section>
        )}
        {signedIn && (
          <Section title={t('account.contactTitle')}>
            <ContactSettings />
          </Section>
        )}
        {signedIn && (
          <Section title={t('account.passwordTitle')}>
            <ChangePasswordForm />
          </Section>
        )}
        {signedIn && (
          <Section title={t('settings.account')}>
            <div className="flex flex-col gap-6">
              <div className="flex flex-wrap items-center justify-between gap-4">
                <p className="text-slate-600 dark:text-slate-300">{t('settings.accountText')}</p>
                <LogoutButton />
              </div>
              <hr className="border-slate-200 dark:border-slate-800" />
              <div className="flex flex-wrap items-center justify-between gap-4">
                <p className="text-slate-600 dark:text-slate-300">{t('account.everywhereText')}</p>
                <SignOutEverywhereButton />
              </div>
            </div>
          </Section>
        )}
        {signedIn && (
          <Section title={t('account.dataTitle')} id="your-data">
            <DataExportSettings />
          </Section>
        )}
        {signedIn && (
          <Section title={t('account.deleteTitle')} id="delete-account">
            <DeleteAccount />
          </Section>
        )}
      </div>
    </Page>
  );
}
