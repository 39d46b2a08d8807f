import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { showToast, useOutcomeToasts } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { formatDate } from '../../../lib/time.ts';
import { downloadArchive, useDataExport, useRequestExport } from '../api/data-export.ts';

/** Settings › Your data: ask for a copy (prepared in the background), then download it while it lasts. */
export function DataExportSettings() {
  const { t } = useTranslation();
  const language = useLanguage();
  const latest = useDataExport();
  const request = useRequestExport();
  const outcome = useOutcomeToasts();
  const [downloading, setDownloading] = useState(false);
  const current = latest.data ?? null;
  const pending = current?.status === 'pending';
  const date = (value: string) => formatDate(value, language, { dateStyle: 'long', timeStyle: 'short' });

  const ask = () => request.mutate(undefined, { onSuccess: outcome.succeeded, onError: outcome.failed });
  const download = async (url: string) => {
    setDownloading(true);
    try {
      await downloadArchive(url);
    } catch (error) {
      showToast(apiErrorText(t, error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="data-export">
      <p className="text-slate-600 dark:text-slate-300">{t('account.dataText')}</p>
      {pending && (
        <p
          role="status"
          className="text-sm text-slate-600 dark:text-slate-300"
          data-testid="data-export-pending"
        >
          {t('account.dataPending', { date: date(current.requested_at) })}
        </p>
      )}
      {current?.download_url && current.expires_at && (
        <p
          role="status"
          className="text-sm text-slate-600 dark:text-slate-300"
          data-testid="data-export-ready"
        >
          {t('account.dataReady', { date: date(current.expires_at) })}
        </p>
      )}
      {current?.status === 'failed' && <Alert testId="data-export-failed">{t('account.dataFailed')}</Alert>}
      <div className="flex flex-wrap gap-3">
        {current?.download_url && (
          <Button
            loading={downloading}
            onClick={() => current.download_url && void download(current.download_url)}
            data-testid="data-export-download"
          >
            {downloading ? t('account.dataDownloading') : t('account.dataDownload')}
          </Button>
        )}
        <Button
          variant="secondary"
          loading={request.isPending}
          disabled={pending}
          onClick={ask}
          data-testid="data-export-request"
        >
          {request.isPending ? t('account.dataRequesting') : t('account.dataRequest')}
        </Button>
      </div>
    </div>
  );
}
