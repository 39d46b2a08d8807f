import { type AuditEntry, MODERATION_ACTIONS, type ModerationAction } from '@makan/contract/moderation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Select } from '../../../components/ui/field.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { type AuditFilters, useAuditLog } from '../api/audit-log.ts';
import { QueryState } from './moderation-parts.tsx';

const isAction = (value: string): value is ModerationAction =>
  (MODERATION_ACTIONS as ReadonlyArray<string>).includes(value);

/** A positive whole number typed in a filter, else no filter. */
function idFilter(value: string): number | undefined {
  const id = Number(value.trim());
  return value.trim() && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Who did what to what, when and why: newest first, filtered by action, moderator or account. */
export function AuditLog() {
  const { t } = useTranslation();
  const [action, setAction] = useState('');
  const [moderator, setModerator] = useState('');
  const [targetUser, setTargetUser] = useState('');
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({
      action: isAction(action) ? action : undefined,
      moderator_id: idFilter(moderator),
      target_user_id: idFilter(targetUser),
    });
  };
  const onClear = () => {
    setAction('');
    setModerator('');
    setTargetUser('');
    setFilters({});
  };

  return (
    <div className="flex flex-col gap-5" data-testid="audit-log">
      <form
        onSubmit={onSubmit}
        aria-label={t('moderation.audit.filters')}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end dark:border-slate-800 dark:bg-slate-900"
      >
        <Select
          label={t('moderation.audit.action')}
          value={action}
          onChange={(event) => setAction(event.target.value)}
          data-testid="audit-action"
        >
          <option value="">{t('moderation.audit.anyAction')}</option>
          {MODERATION_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {t(`moderation.audit.actions.${value}`)}
            </option>
          ))}
        </Select>
        <Input
          label={t('moderation.audit.moderatorId')}
          inputMode="numeric"
          dir="ltr"
          value={moderator}
          onChange={(event) => setModerator(event.target.value)}
          data-testid="audit-moderator"
        />
        <Input
          label={t('moderation.audit.targetUserId')}
          inputMode="numeric"
          dir="ltr"
          value={targetUser}
          onChange={(event) => setTargetUser(event.target.value)}
          data-testid="audit-target-user"
        />
        <div className="flex gap-2">
          <Button type="submit" data-testid="audit-apply">
            {t('moderation.audit.apply')}
          </Button>
          <Button type="button" variant="ghost" onClick={onClear}>
            {t('moderation.audit.clear')}
          </Button>
        </div>
      </form>
      <QueryState pending={log.isPending} error={log.error} onRetry={() => void log.refetch()}>
        {() =>
          entries.length === 0 ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-300" data-testid="audit-empty">
              {t('moderation.audit.empty')}
            </p>
          ) : (
            <>
              <ol className="flex flex-col gap-2" data-testid="audit-entries">
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </ol>
              {log.hasNextPage && (
                <div className="flex justify-center">
                  <Button
                    variant="secondary"
                    loading={log.isFetchingNextPage}
                    onClick={() => void log.fetchNextPage()}
                    data-testid="audit-more"
                  >
                    {t('moderation.audit.loadMore')}
                  </Button>
                </div>
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid={`audit-entry-${entry.id}`}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold text-slate-900 dark:text-slate-50">
          {t(`moderation.audit.actions.${entry.action}`)}
        </span>
        <span className="text-slate-700 dark:text-slate-300">
          {t('moderation.audit.target', {
            target: t(`moderation.targets.${entry.target_type}`),
            id: entry.target_id,
          })}
        </span>
        {entry.target_user_id !== null && entry.target_type !== 'user' && (
          <span className="text-slate-600 dark:text-slate-400">
            {t('moderation.audit.targetUser', { id: entry.target_user_id })}
          </span>
        )}
        <time dateTime={entry.created_at} className="ms-auto text-xs text-slate-600 dark:text-slate-400">
          {formatDate(entry.created_at, language, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </div>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        {t('moderation.audit.by', { name: entry.moderator.name })}
      </p>
      {entry.reason && (
        <p dir="auto" className="mt-1 text-start break-words text-slate-800 dark:text-slate-200">
          {entry.reason}
        </p>
      )}
    </li>
  );
}
