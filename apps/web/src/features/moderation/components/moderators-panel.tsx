import { grantModeratorRequest, type ModerationUser } from '@makan/contract/moderation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { useOutcomeToasts } from '../../../components/ui/toast.tsx';
import { useConfirmedChange } from '../../../components/ui/use-confirmed-change.ts';
import {
  apiErrorText,
  firstFieldMessages,
  issueMessagesByField,
  type Message,
  translateMessage,
} from '../../../lib/messages.ts';
import { useGrantModerator, useModerators, useRevokeModerator } from '../api/moderators.ts';
import { AuthorLine, QueryState } from './moderation-parts.tsx';

/** Who moderates. Admins add a moderator by their account's email and revoke one. */
export function ModeratorsPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const moderators = useModerators();
  const revoke = useConfirmedChange(useRevokeModerator(), (user: ModerationUser) => user.id);
  const revoking = revoke.target;

  return (
    <div className="flex flex-col gap-5" data-testid="moderators-panel">
      {isAdmin ? <GrantForm /> : <Alert tone="info">{t('moderation.moderators.adminsOnly')}</Alert>}
      <QueryState
        pending={moderators.isPending}
        error={moderators.error}
        onRetry={() => void moderators.refetch()}
      >
        {() =>
          moderators.data?.length ? (
            <ul
              className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
              data-testid="moderators-list"
            >
              {moderators.data.map((user) => (
                <li key={user.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <AuthorLine user={user} />
                  {isAdmin && user.role === 'moderator' && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('moderation.moderators.revokeName', { name: user.name })}
                      onClick={() => revoke.ask(user)}
                    >
                      {t('moderation.moderators.revoke')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="p-6 text-center text-slate-600 dark:text-slate-300">
              {t('moderation.moderators.empty')}
            </p>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={revoking !== null}
        onCancel={revoke.cancel}
        onConfirm={revoke.confirm}
        title={t('moderation.moderators.revokeTitle', { name: revoking?.name ?? '' })}
        description={t('moderation.moderators.revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('moderation.moderators.revoke')}
        busy={revoke.busy}
        confirmTestId="revoke-confirm"
      />
    </div>
  );
}

function GrantForm() {
  const { t } = useTranslation();
  const outcome = useOutcomeToasts();
  const grant = useGrantModerator();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<Message | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = grantModeratorRequest.safeParse({ email });
    if (!parsed.success) return setError(issueMessagesByField(parsed.error.issues, ['email'] as const).email);
    setError(undefined);
    grant.mutate(parsed.data.email, {
      onSuccess: (result) => {
        setEmail('');
        outcome.succeeded(result);
      },
      onError: (failure) => setError(firstFieldMessages(failure).email ?? apiErrorText(t, failure)),
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end dark:border-slate-800 dark:bg-slate-900"
      data-testid="grant-moderator"
    >
      <Input
        className="flex-1"
        label={t('moderation.moderators.email')}
        type="email"
        dir="ltr"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error ? translateMessage(t, error) : undefined}
        required
      />
      <Button type="submit" loading={grant.isPending} className="sm:mb-0.5">
        {t('moderation.moderators.grant')}
      </Button>
    </form>
  );
}
