import {
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_MAX,
  type SavedSearchFrequency,
  savedSearchName,
} from '@makan/contract/saved-search-words';
import type { SavedSearch, SavedSearchCriteria } from '@makan/contract/saved-searches';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { apiErrorText, firstFieldMessages, issueMessage, translateMessage } from '../../../lib/messages.ts';
import { useCreateSavedSearch } from '../api/create-saved-search.ts';
import { savedSearchesContract } from '../contract.ts';
import { useCriteriaParts } from '../summary.ts';
import { CriteriaSummary } from './criteria-summary.tsx';
import { FrequencyChoice } from './frequency-choice.tsx';

interface SaveSearchDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the search looks for: the feed's active filters, or the search page's keyword. */
  criteria: SavedSearchCriteria;
}

/** Opened fresh each time (the caller renders it only while open): name, how often, then a confirmation. */
export function SaveSearchDialog({ open, onClose, criteria }: SaveSearchDialogProps) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<SavedSearch | null>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={saved ? t('savedSearches.save.done') : t('savedSearches.save.title')}
      description={saved ? undefined : t('savedSearches.save.intro')}
      testId="save-search-dialog"
    >
      {saved ? (
        <Saved search={saved} onClose={onClose} />
      ) : (
        <SaveForm criteria={criteria} onClose={onClose} onSaved={setSaved} />
      )}
    </Dialog>
  );
}

function Saved({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 flex flex-col gap-5" data-testid="save-search-done">
      <Alert tone="success">{t('savedSearches.save.doneText', { name: search.name })}</Alert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Link
          to="/saved-searches"
          onClick={onClose}
          className={buttonClasses('primary', 'md')}
          data-testid="save-search-see-list"
        >
          {t('savedSearches.save.seeList')}
        </Link>
      </div>
    </div>
  );
}

function SaveForm({
  criteria,
  onClose,
  onSaved,
}: {
  criteria: SavedSearchCriteria;
  onClose: () => void;
  onSaved: (search: SavedSearch) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const { parts } = useCriteriaParts(criteria);
  // The name follows the criteria (a city's name may arrive after the dialog opened) until edited.
  const [typed, setTyped] = useState<string | null>(null);
  const name = typed ?? savedSearchName(parts, language);
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('instant');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateSavedSearch();
  // The check's schemas load as the dialog opens, ready by the time it is sent.
  useEffect(() => {
    void savedSearchesContract.get().catch(() => undefined);
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNameError(null);
    setFormError(null);
    // The contract's own rules first: a blank name, a search for everything.
    const { createSavedSearchRequest } = await savedSearchesContract.get();
    const parsed = createSavedSearchRequest.safeParse({ name, criteria, frequency });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const message = translateMessage(t, issueMessage(issue));
        if (issue.path[0] === 'name') setNameError((old) => old ?? message);
        else setFormError((old) => old ?? message);
      }
      return;
    }
    try {
      const { data } = await create.mutateAsync({ name: parsed.data.name, criteria, frequency });
      onSaved(data);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'savedSearchLimit') {
        // The server's words, with the limit said even when it sent no parameters.
        setFormError(t('validation.savedSearchLimit', { max: SAVED_SEARCHES_MAX, ...error.params }));
        return;
      }
      const fields = firstFieldMessages(error);
      const { name: nameMessage, ...others } = fields;
      if (nameMessage) setNameError(translateMessage(t, nameMessage));
      const other = Object.values(others)[0];
      if (other) setFormError(translateMessage(t, other));
      else if (!nameMessage) setFormError(apiErrorText(t, error));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-5">
      {parts.length > 0 && <CriteriaSummary parts={parts} testId="save-search-criteria" />}
      {formError && <Alert testId="save-search-error">{formError}</Alert>}
      <Input
        id={`${id}-name`}
        label={t('savedSearches.save.name')}
        value={name}
        onChange={(event) => {
          setTyped(event.target.value);
          setNameError(null);
        }}
        maxLength={SAVED_SEARCH_NAME_MAX}
        dir="auto"
        required
        error={nameError ?? undefined}
        data-testid="save-search-name"
      />
      <FrequencyChoice
        name={`${id}-frequency`}
        value={frequency}
        onChange={setFrequency}
        testId="save-search-frequency"
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending} data-testid="save-search-submit">
          {create.isPending ? t('savedSearches.save.saving') : t('savedSearches.save.submit')}
        </Button>
      </div>
    </form>
  );
}
