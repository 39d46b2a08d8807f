import { refuseVerificationRequest, type VerificationItem } from '@makan/contract/verification';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/field.tsx';
import { showToast, useOutcomeToasts } from '../../../components/ui/toast.tsx';
import { useConfirmedChange } from '../../../components/ui/use-confirmed-change.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  apiErrorText,
  firstFieldMessages,
  issueMessagesByField,
  type Message,
  translateMessage,
} from '../../../lib/messages.ts';
import { formatDate } from '../../../lib/time.ts';
import {
  fetchDocument,
  useApproveVerification,
  useRefuseVerification,
  useVerificationQueue,
} from '../api/verifications.ts';
import { AuthorLine, QueryState } from './moderation-parts.tsx';

/** Pending company verifications (issue 21), oldest first: view the document, approve or refuse. */
export function VerificationsPanel() {
  const { t } = useTranslation();
  const queue = useVerificationQueue();
  const approve = useConfirmedChange(useApproveVerification(), (item: VerificationItem) => item.id);
  const approving = approve.target;
  const [refusing, setRefusing] = useState<VerificationItem | null>(null);

  return (
    <div className="flex flex-col gap-5" data-testid="verifications-panel">
      <QueryState pending={queue.isPending} error={queue.error} onRetry={() => void queue.refetch()}>
        {() =>
          queue.data?.length ? (
            <ul
              className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
              data-testid="verifications-list"
            >
              {queue.data.map((item) => (
                <VerificationRow
                  key={item.id}
                  item={item}
                  onApprove={() => approve.ask(item)}
                  onRefuse={() => setRefusing(item)}
                />
              ))}
            </ul>
          ) : (
            <p
              className="p-6 text-center text-slate-600 dark:text-slate-300"
              data-testid="verifications-empty"
            >
              {t('moderation.verifications.empty')}
            </p>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={approving !== null}
        onCancel={approve.cancel}
        onConfirm={approve.confirm}
        title={t('moderation.verifications.approveTitle', { name: approving?.user.name ?? '' })}
        description={t('moderation.verifications.approveText', { name: approving?.user.name ?? '' })}
        confirmLabel={t('moderation.verifications.approve')}
        busy={approve.busy}
        confirmTestId="verification-approve-confirm"
      />
      {refusing && <RefuseDialog item={refusing} onClose={() => setRefusing(null)} />}
    </div>
  );
}

function VerificationRow({
  item,
  onApprove,
  onRefuse,
}: {
  item: VerificationItem;
  onApprove: () => void;
  onRefuse: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [opening, setOpening] = useState(false);

  const viewDocument = async () => {
    // Opened before the fetch so a popup blocker sees the click; filled in once the bytes arrive.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const url = await fetchDocument(item.document_url);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      showToast(apiErrorText(t, error));
    } finally {
      setOpening(false);
    }
  };

  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 p-4"
      data-testid={`verification-request-${item.id}`}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <AuthorLine user={item.user} />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('moderation.verifications.registrationNumber')}{' '}
          <bdi dir="ltr" className="font-mono" data-testid="verification-registration-number">
            {item.registration_number}
          </bdi>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={item.created_at}>
            {t('moderation.verifications.sent', { date: formatDate(item.created_at, language) })}
          </time>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          loading={opening}
          onClick={() => void viewDocument()}
          data-testid="verification-view-document"
        >
          {t('moderation.verifications.viewDocument')}
        </Button>
        <Button size="sm" onClick={onApprove} data-testid="verification-approve">
          {t('moderation.verifications.approve')}
        </Button>
        <Button variant="danger" size="sm" onClick={onRefuse} data-testid="verification-refuse">
          {t('moderation.verifications.refuse')}
        </Button>
      </div>
    </li>
  );
}

function RefuseDialog({ item, onClose }: { item: VerificationItem; onClose: () => void }) {
  const { t } = useTranslation();
  const refuse = useRefuseVerification();
  const outcome = useOutcomeToasts();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<Message | undefined>();
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = refuseVerificationRequest.safeParse({ reason });
    if (!parsed.success)
      return setError(issueMessagesByField(parsed.error.issues, ['reason'] as const).reason);
    setError(undefined);
    refuse.mutate(
      { id: item.id, reason: parsed.data.reason },
      {
        onSuccess: (result) => {
          onClose();
          outcome.succeeded(result);
        },
        onError: (failure) => setError(firstFieldMessages(failure).reason ?? apiErrorText(t, failure)),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('moderation.verifications.refuseTitle', { name: item.user.name })}
      description={t('moderation.verifications.refuseText')}
      initialFocus={reasonRef}
      testId="verification-refuse-dialog"
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <Textarea
          ref={reasonRef}
          label={t('moderation.verifications.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error ? translateMessage(t, error) : undefined}
          required
          requiredMark
          rows={3}
          dir="auto"
          data-testid="verification-refuse-reason"
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={refuse.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            loading={refuse.isPending}
            data-testid="verification-refuse-confirm"
          >
            {t('moderation.verifications.refuse')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
