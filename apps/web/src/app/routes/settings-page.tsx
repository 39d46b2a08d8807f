import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
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
import { NotificationPreferences } from '../../features/notifications/components/notification-preferences.tsx';
import { PushDevicePanel } from '../../features/notifications/components/push-device-panel.tsx';
import { BlockedUsers } from '../../features/profiles/components/blocked-users.tsx';
import { LanguageSetting, ThemeSetting } from '../../features/settings/components/appearance-settings.tsx';
import { useLazyTexts } from '../../lib/lazy-texts.ts';
import { useSignedIn } from '../../lib/session.ts';
import { memberTexts } from '../member/member-texts.ts';

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  // scroll-mt: a section scrolled to clears the sticky header (h-16).
  return (
    <Card id={id} className="scroll-mt-20">
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-50">{title}</h2>
      {children}
    </Card>
  );
}

/**
 * Push on this device, with its texts: they are the signed-in pages' (app/member/locales), which this
 * page, open to visitors too, does not wait for as a whole.
 */
function DevicePush() {
  useLazyTexts(memberTexts);
  return <PushDevicePanel />;
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

/**
 * `/settings?section=notifications` or `/settings#notifications` (the notification emails and the
 * unsubscribe page link there): that section in view once the page is drawn. A frame later, so that
 * the layout's scroll to the top after a navigation in the app (an effect that runs after this
 * page's) does not undo it.
 */
function useSectionInView(signedIn: boolean) {
  const { search, hash } = useLocation();
  const section = new URLSearchParams(search).get('section') ?? hash.slice(1);
  useEffect(() => {
    // Only a member's sections have an id; a prerendered page is drawn signed out first.
    if (!section || !signedIn) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(section)?.scrollIntoView({ block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [section, signedIn]);
}

export function SettingsPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  useSectionInView(signedIn);
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
        {signedIn && (
          <Section title={t('settings.notifications.title')} id="notifications">
            <NotificationPreferences
              device={
                <Suspense fallback={null}>
                  <DevicePush />
                </Suspense>
              }
            />
          </Section>
        )}
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
