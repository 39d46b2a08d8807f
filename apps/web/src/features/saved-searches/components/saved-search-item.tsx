import { SAVED_SEARCH_NAME_MAX } from '@makan/contract/saved-search-words';
import { type SavedSearch, updateSavedSearchRequest } from '@makan/contract/saved-searches';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { PencilIcon } from '../../../components/ui/icons/pencil.tsx';
import { TrashIcon } from '../../../components/ui/icons/trash.tsx';
import { cx } from '../../../lib/cx.ts';
import { firstFieldMessages, issueMessage, translateMessage } from '../../../lib/messages.ts';
import { useDeleteSavedSearch } from '../api/delete-saved-search.ts';
import { useUpdateSavedSearch } from '../api/update-saved-search.ts';
import { useCriteriaParts } from '../summary.ts';
import { CriteriaSummary } from './criteria-summary.tsx';
import { FrequencyChoice } from './frequency-choice.tsx';

/** Where running a search shows its listings (the list page, with the search named). */
export const runPath = (id: number) => `/saved-searches?run=${id}`;

/** One saved search: its name, what it looks for, what is new, and what can be done with it. */
export function SavedSearchItem({ search }: { search: SavedSearch }) {
  const { t } = useTranslation();
  const id = useId();
  const { parts } = useCriteriaParts(search.criteria);
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const testId = `saved-search-${search.id}`;
  return (
    <li
      data-testid={testId}
      data-paused={String(search.paused)}
      className={cx(
        'flex flex-col gap-4 rounded-2xl border p-4 sm:p-5',
        search.paused
          ? 'border-dashed border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900/60'
          : 'border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {renaming ? (
            <RenameForm search={search} onDone={() => setRenaming(false)} />
          ) : (
            <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-50">
              <bdi
                id={`${id}-name`}
                dir="auto"
                className="min-w-0 break-words"
                data-testid={`${testId}-name`}
              >
                {search.name}
              </bdi>
              {search.new_count > 0 && (
                <span
                  className="inline-flex items-center rounded-full bg-primary-700 px-2 py-0.5 text-xs font-bold text-white dark:bg-primary-400 dark:text-slate-950"
                  data-testid={`${testId}-new`}
                  title={t('savedSearches.newCountLabel', { count: search.new_count })}
                >
                  <span aria-hidden="true">{t('savedSearches.newCount', { count: search.new_count })}</span>
                  <span className="sr-only">
                    {t('savedSearches.newCountLabel', { count: search.new_count })}
                  </span>
                </span>
              )}
              {search.paused && (
                <span
                  className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200"
                  data-testid={`${testId}-paused`}
                >
                  {t('savedSearches.paused')}
                </span>
              )}
            </h2>
          )}
          <CriteriaSummary parts={parts} testId={`${testId}-criteria`} />
        </div>
        <Link
          to={runPath(search.id)}
          aria-describedby={renaming ? undefined : `${id}-name`}
          className={buttonClasses('primary', 'sm')}
          data-testid={`${testId}-run`}
        >
          {t('savedSearches.actions.run')}
        </Link>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <FrequencyChoice
          name={`${id}-frequency`}
          value={search.frequency}
          onChange={(frequency) => update.mutate({ id: search.id, frequency })}
          testId={`${testId}-frequency`}
        />
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={search.paused}
            aria-describedby={renaming ? undefined : `${id}-name`}
            onClick={() => update.mutate({ id: search.id, paused: !search.paused })}
            data-testid={`${testId}-pause`}
          >
            {search.paused ? t('savedSearches.actions.resume') : t('savedSearches.actions.pause')}
          </Button>
          {!renaming && (
            <Button
              variant="ghost"
              size="sm"
              aria-describedby={`${id}-name`}
              onClick={() => setRenaming(true)}
              data-testid={`${testId}-rename`}
            >
              <PencilIcon className="size-4" />
              {t('savedSearches.actions.rename')}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-describedby={renaming ? undefined : `${id}-name`}
            onClick={() => setDeleting(true)}
            data-testid={`${testId}-delete`}
          >
            <TrashIcon className="size-4" />
            {t('savedSearches.actions.delete')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          remove.mutate(search.id);
        }}
        title={t('savedSearches.delete.title')}
        description={t('savedSearches.delete.text', { name: search.name })}
        confirmLabel={t('savedSearches.delete.confirm')}
        testId="saved-search-delete-dialog"
        confirmTestId="saved-search-delete-confirm"
      />
    </li>
  );
}

/** The name in a box: Enter saves (the contract's rules first), Escape or Cancel keeps the old one. */
function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSavedSearch();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateSavedSearchRequest.shape.name.safeParse(name);
    const issue = parsed.error?.issues[0];
    if (issue || parsed.data === undefined) {
      if (issue) setError(translateMessage(t, issueMessage(issue)));
      return;
    }
    if (parsed.data === search.name) {
      onDone();
      return;
    }
    try {
      await update.mutateAsync({ id: search.id, name: parsed.data });
      onDone();
    } catch (cause) {
      const message = firstFieldMessages(cause).name;
      // Other failures have said so in a toast; the box stays open to try again.
      if (message) setError(translateMessage(t, message));
    }
  };
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      noValidate
      className="flex flex-wrap items-end gap-2"
      data-testid={`saved-search-${search.id}-rename-form`}
    >
      <Input
        label={t('savedSearches.rename.label')}
        className="min-w-0 flex-1"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        maxLength={SAVED_SEARCH_NAME_MAX}
        dir="auto"
        autoFocus
        required
        error={error ?? undefined}
        data-testid={`saved-search-${search.id}-name-input`}
      />
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          loading={update.isPending}
          data-testid={`saved-search-${search.id}-rename-save`}
        >
          {t('savedSearches.rename.save')}
        </Button>
      </div>
    </form>
  );
}
