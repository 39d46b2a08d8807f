import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { BellIcon } from '../../../components/ui/icons/bell.tsx';
import { usePushDevice, useTurnOffPush, useTurnOnPush } from '../api/push-device.ts';

/**
 * Push notifications on this device (issue 22), above the switches: says what they are for before
 * anything is asked, and asks the browser's permission only when Turn on is clicked. Then: on (with
 * Turn off), blocked (how to allow them again), or not possible in this browser.
 */
export function PushDevicePanel() {
  const { t } = useTranslation();
  const device = usePushDevice();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const state = device.data;
  const busy = turnOn.isPending || turnOff.isPending;

  let body: ReactNode;
  if (state === 'unsupported') {
    body = <p className="text-slate-600 dark:text-slate-300">{t('notifications.device.unsupported')}</p>;
  } else if (state === 'blocked') {
    body = <Alert tone="info">{t('notifications.device.blocked')}</Alert>;
  } else if (state === 'on') {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700 dark:text-slate-200" data-testid="push-device-on">
          {t('notifications.device.on')}
        </p>
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => turnOff.mutate()}>
          {turnOff.isPending ? t('notifications.device.turningOff') : t('notifications.device.turnOff')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700 dark:text-slate-200">{t('notifications.device.why')}</p>
        <Button size="sm" disabled={busy || state === undefined} onClick={() => turnOn.mutate()}>
          {turnOn.isPending ? t('notifications.device.turningOn') : t('notifications.device.turnOn')}
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="push-device-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      data-testid="push-device"
      data-state={state ?? 'checking'}
    >
      <h3
        id="push-device-title"
        className="flex items-center gap-2 font-medium text-slate-900 dark:text-slate-50"
      >
        <BellIcon className="size-5 text-primary-700 dark:text-primary-300" />
        {t('notifications.device.title')}
      </h3>
      {body}
      {turnOn.data === 'dismissed' && state === 'off' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('notifications.device.dismissed')}
        </p>
      )}
      {(turnOn.isError || turnOff.isError) && <Alert>{t('notifications.device.failed')}</Alert>}
    </section>
  );
}
