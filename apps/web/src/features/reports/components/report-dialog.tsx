import { numberFormat } from '@makan/contract/intl';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
  reportRequest,
} from '@makan/contract/moderation';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { cx } from '../../../lib/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  apiErrorText,
  firstFieldMessages,
  issueMessagesByField,
  type Message,
  translateMessage,
} from '../../../lib/messages.ts';
import type { ReportSubject } from '../../../lib/report-control.ts';
import { useCreateReport } from '../api/create-report.ts';

type Errors = Partial<Record<'reason' | 'details' | 'form', Message>>;

interface ReportDialogProps {
  subject: ReportSubject;
  onClose: () => void;
}

/**
 * Why something is reported (one of the contract's reasons) and, optionally, what is wrong: required
 * for 'other'. Checked with the contract's own rule before it is sent; the server's answer (its field
 * messages, "already reported", "your own content") is shown in the dialog, success as a toast.
 */
export function ReportDialog({ subject, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const create = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const legendId = useId();
  const reasonErrorId = useId();
  const say = (message: Message | undefined) => (message ? translateMessage(t, message) : undefined);
  const number = numberFormat(language);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      target_type: subject.type,
      target_id: subject.id,
      reason: reason ?? undefined,
      details: details.trim() || undefined,
    };
    const parsed = reportRequest.safeParse(body);
    if (!parsed.success) return setErrors(issueMessagesByField(parsed.error.issues, ['reason', 'details']));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        showToast(message ? translateMessage(t, message) : t('validation.reportCreated'), 'success');
        onClose();
      },
      onError: (error) => {
        const fields = firstFieldMessages(error);
        if (fields.reason || fields.details) setErrors({ reason: fields.reason, details: fields.details });
        else setErrors({ form: apiErrorText(t, error) });
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`reports.title.${subject.type}`, { name: subject.name })}
      description={t('reports.intro')}
      testId="report-dialog"
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        {errors.form && <Alert testId="report-error">{say(errors.form)}</Alert>}
        <fieldset
          aria-labelledby={legendId}
          aria-describedby={errors.reason ? reasonErrorId : undefined}
          aria-invalid={errors.reason ? true : undefined}
          className="min-w-0"
        >
          <legend id={legendId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('reports.reasonLegend')}
          </legend>
          <div className="mt-2 flex max-h-72 flex-col gap-1.5 overflow-y-auto">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className={cx(
                  'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-start text-sm transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600 dark:has-[:focus-visible]:outline-primary-300',
                  value === reason
                    ? 'border-primary-600 bg-primary-50 text-primary-900 dark:border-primary-400 dark:bg-primary-950 dark:text-primary-50'
                    : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
                )}
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={value === reason}
                  onChange={() => setReason(value)}
                  data-testid={`report-reason-${value}`}
                  className="size-4 accent-primary-600"
                />
                <span>{t(`reports.reasons.${value}`)}</span>
              </label>
            ))}
          </div>
          {errors.reason && (
            <p id={reasonErrorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
              {say(errors.reason)}
            </p>
          )}
        </fieldset>
        <Textarea
          label={t('reports.details')}
          hint={t('reports.detailsHint', {
            count: number.format(details.length),
            max: number.format(REPORT_DETAILS_MAX),
          })}
          requiredMark={reason === 'other'}
          required={reason === 'other'}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          maxLength={REPORT_DETAILS_MAX}
          rows={3}
          dir="auto"
          error={say(errors.details)}
          data-testid="report-details"
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={create.isPending} data-testid="report-submit">
            {create.isPending ? t('reports.working') : t('reports.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
