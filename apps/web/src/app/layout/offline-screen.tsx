import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { RefreshIcon } from '../../components/ui/icons/refresh.tsx';
import { WifiOffIcon } from '../../components/ui/icons/wifi-off.tsx';
import { checkConnection } from '../../lib/network.ts';

/**
 * In place of the page when the app opened without the network (lib/network.ts): what is wrong and
 * that it mends itself, and a Retry that asks the server. When the server answers (or the browser says
 * the network is back) the page itself renders and loads its data.
 */
export function OfflineScreen() {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);
  const retry = async () => {
    setChecking(true);
    setStillOffline(false);
    const back = await checkConnection();
    setChecking(false);
    setStillOffline(!back);
  };
  return (
    <div
      data-testid="offline-screen"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <WifiOffIcon className="size-7" />
      </span>
      <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-50">{t('offline.title')}</h1>
      <p className="text-slate-600 dark:text-slate-300">{t('offline.text')}</p>
      <Button onClick={() => void retry()} disabled={checking}>
        <RefreshIcon className="size-4" />
        {checking ? t('offline.checking') : t('common.retry')}
      </Button>
      <p role="status" className="min-h-6 text-sm text-slate-600 dark:text-slate-300">
        {stillOffline ? t('offline.stillOffline') : ''}
      </p>
    </div>
  );
}

/** Above the page when the network went away after the app had opened: the page stays as it was. */
export function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      data-testid="offline-notice"
      className="mx-auto mb-4 flex max-w-6xl items-center gap-2 rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      <WifiOffIcon className="size-4 shrink-0" />
      {t('offline.banner')}
    </p>
  );
}
