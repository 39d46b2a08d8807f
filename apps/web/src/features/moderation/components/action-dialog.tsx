import {
  dismissRequest,
  moderationReason,
  REPORT_DETAILS_MAX,
  type ReportTarget,
  SUSPEND_DAYS_MAX,
  suspendRequest,
} from '@makan/contract/moderation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input, Textarea } from '../../../components/ui/field.tsx';
import { useOutcomeToasts } from '../../../components/ui/toast.tsx';
import {
  apiErrorText,
  firstFieldMessages,
  issueMessagesByField,
  type Message,
  translateMessage,
} from '../../../lib/messages.ts';
import { useCaseAction } from '../api/case-actions.ts';
import { useUserAction } from '../api/user-actions.ts';

export type ActionKind = 'dismiss' | 'remove' | 'warn' | 'suspend' | 'restore';

type Errors = Partial<Record<'reason' | 'days' | 'form', Message>>;

interface ActionDialogProps {
  kind: ActionKind;
  target: { type: ReportTarget; id: number };
  /** The author (warn, suspend, restore act on them). */
  author: { id: number; name: string } | null;
  onClose: () => void;
  /** After the server said it was done (its message already shown as a toast). */
  onDone: (kind: ActionKind) => void;
}

/**
 * Asks before a moderator acts, with the reason the action needs (a removal, a warning and a
 * suspension tell the author why; a dismissal takes an optional note), checked with the contract's
 * rule; then shows the server's words.
 */
export function ActionDialog({ kind, target, author, onClose, onDone }: ActionDialogProps) {
  const { t } = useTranslation();
  const caseAction = useCaseAction();
  const userAction = useUserAction();
  const busy = caseAction.isPending || userAction.isPending;
  const [reason, setReason] = useState('');
  const [length, setLength] = useState<'days' | 'forever'>('days');
  const [days, setDays] = useState('7');
  const [errors, setErrors] = useState<Errors>({});
  const outcome = useOutcomeToasts();
  const say = (message: Message | undefined) => (message ? translateMessage(t, message) : undefined);
  const name = author?.name ?? '';

  const callbacks = {
    onSuccess: (result: { message?: string | undefined }) => {
      outcome.succeeded(result);
      onDone(kind);
    },
    onError: (error: unknown) => {
      const fields = firstFieldMessages(error);
      if (fields.reason || fields.days) setErrors({ reason: fields.reason, days: fields.days });
      else setErrors({ form: apiErrorText(t, error) });
    },
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields = ['reason', 'days'] as const;
    if (kind === 'dismiss') {
      const parsed = dismissRequest.safeParse({ reason: reason.trim() || undefined });
      if (!parsed.success) return setErrors(issueMessagesByField(parsed.error.issues, fields));
      setErrors({});
      return caseAction.mutate({ action: 'dismiss', ...target, body: parsed.data }, callbacks);
    }
    if (kind === 'suspend') {
      const count = Number(days);
      const forever = length === 'forever';
      if (!forever && !(Number.isInteger(count) && count >= 1 && count <= SUSPEND_DAYS_MAX)) {
        return setErrors({ days: t('moderation.actions.daysRange', { max: SUSPEND_DAYS_MAX }) });
      }
      const parsed = suspendRequest.safeParse(forever ? { reason, forever: true } : { reason, days: count });
      if (!parsed.success) return setErrors(issueMessagesByField(parsed.error.issues, fields));
      setErrors({});
      if (author) userAction.mutate({ action: 'suspend', userId: author.id, body: parsed.data }, callbacks);
      return;
    }
    const parsed = moderationReason.safeParse({ reason });
    if (!parsed.success) return setErrors(issueMessagesByField(parsed.error.issues, fields));
    setErrors({});
    if (kind === 'remove')
      return caseAction.mutate({ action: 'remove', ...target, body: parsed.data }, callbacks);
    if (author) userAction.mutate({ action: kind, userId: author.id, body: parsed.data }, callbacks);
  };

  const optional = kind === 'dismiss';
  return (
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      role="alertdialog"
      title={t(`moderation.actions.${kind}.title`, { name })}
      description={t(`moderation.actions.${kind}.text`, { name })}
      testId="moderation-action-dialog"
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        {errors.form && <Alert testId="moderation-action-error">{say(errors.form)}</Alert>}
        {kind === 'suspend' && (
          <>
            <ChoiceGroup
              legend={t('moderation.actions.length')}
              name="suspend-length"
              value={length}
              onChange={setLength}
              choices={[
                { value: 'days', label: t('moderation.actions.forDays') },
                { value: 'forever', label: t('moderation.actions.forever') },
              ]}
              testId="suspend-length"
            />
            {length === 'days' && (
              <Input
                label={t('moderation.actions.days')}
                type="number"
                inputMode="numeric"
                min={1}
                max={SUSPEND_DAYS_MAX}
                value={days}
                onChange={(event) => setDays(event.target.value)}
                error={say(errors.days)}
                required
                requiredMark
                data-testid="suspend-days"
              />
            )}
          </>
        )}
        <Textarea
          label={t(optional ? 'moderation.actions.note' : 'moderation.actions.reason')}
          hint={t(optional ? 'moderation.actions.noteHint' : 'moderation.actions.reasonHint')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={REPORT_DETAILS_MAX}
          rows={3}
          dir="auto"
          required={!optional}
          requiredMark={!optional}
          error={say(errors.reason)}
          data-testid="moderation-reason"
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant={kind === 'restore' || kind === 'dismiss' ? 'primary' : 'danger'}
            loading={busy}
            data-testid="moderation-action-confirm"
          >
            {busy ? t('moderation.actions.working') : t(`moderation.actions.${kind}.confirm`)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
