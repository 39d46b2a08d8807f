import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_CHANNELS,
  PREFERENCE_KINDS,
  type PreferenceKind,
} from '@makan/contract/notifications';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SwitchButton } from '../../../components/ui/switch.tsx';
import { cx } from '../../../lib/cx.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import {
  useNotificationPreferences,
  useSaveNotificationPreference,
} from '../api/notification-preferences.ts';

/** A row's kind label, then its three switches: four columns from `sm` up, the label above them below it. */
const ROW = 'grid grid-cols-3 gap-x-4 gap-y-2 sm:grid-cols-[minmax(0,1fr)_7rem_7rem_7rem] sm:items-center';

/**
 * Settings › Notifications (issue 22): per kind, whether it shows in the app, comes as a push
 * notification and comes by email. Moderators' notices have no switches: they always arrive. Each switch saves on its own, at
 * once; until the saved values are read it shows what a new account gets, and cannot be moved.
 * `device`: this device's push notifications (PushDevicePanel), which the page hands in with its texts.
 */
export function NotificationPreferences({ device }: { device?: ReactNode }) {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreference();
  const idPrefix = useId();
  const saved = preferences.data?.preferences;
  const rowOf = (kind: PreferenceKind) =>
    saved?.find((row) => row.kind === kind) ?? { kind, ...DEFAULT_NOTIFICATION_PREFERENCES[kind] };

  return (
    <div className="flex flex-col gap-4" data-testid="notification-preferences">
      <p className="text-slate-600 dark:text-slate-300">{t('settings.notifications.intro')}</p>
      {device}
      {preferences.isError ? (
        <Alert>
          {apiErrorText(t, preferences.error)}{' '}
          <Button variant="secondary" size="sm" onClick={() => void preferences.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <div aria-busy={preferences.isPending}>
          {/* Each switch carries its kind and channel in its name: the headings are for the eyes. */}
          <div
            aria-hidden="true"
            className={cx(
              ROW,
              'hidden border-b border-slate-200 pb-2 text-sm font-medium text-slate-500 sm:grid dark:border-slate-800 dark:text-slate-400',
            )}
          >
            <span />
            {NOTIFICATION_CHANNELS.map((channel) => (
              <span key={channel} className="text-center">
                {t(`settings.notifications.channels.${channel}`)}
              </span>
            ))}
          </div>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {PREFERENCE_KINDS.map((kind) => {
              const row = rowOf(kind);
              const kindLabel = t(`settings.notifications.kinds.${kind}`);
              return (
                <li key={kind} className={cx(ROW, 'py-3')} data-testid={`notification-pref-${kind}`}>
                  <p className="col-span-3 font-medium text-slate-900 sm:col-span-1 dark:text-slate-50">
                    {kindLabel}
                  </p>
                  {NOTIFICATION_CHANNELS.map((channel) => {
                    const id = `${idPrefix}-${kind}-${channel}`;
                    return (
                      <div key={channel} className="flex items-center gap-3 sm:justify-center">
                        <SwitchButton
                          checked={row[channel]}
                          disabled={!saved}
                          onChange={(on) => save.mutate({ ...row, [channel]: on, channel })}
                          label={t(`settings.notifications.switch.${channel}`, { kind: kindLabel })}
                          testId={`notification-pref-${kind}-${channel}`}
                          id={id}
                        />
                        {/* On phones, where the column headings are hidden: a label that also toggles. */}
                        <label
                          htmlFor={id}
                          aria-hidden="true"
                          className="text-sm text-slate-700 sm:hidden dark:text-slate-300"
                        >
                          {t(`settings.notifications.channels.${channel}`)}
                        </label>
                      </div>
                    );
                  })}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
