import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from '@makan/contract/saved-search-words';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';

/** Instantly (in the app and by push) or a daily email: the same choice when saving and in the list. */
export function FrequencyChoice({
  name,
  value,
  onChange,
  testId,
}: {
  name: string;
  value: SavedSearchFrequency;
  onChange: (frequency: SavedSearchFrequency) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup<SavedSearchFrequency>
      legend={t('savedSearches.frequency.label')}
      hint={
        value === 'instant'
          ? t('savedSearches.frequency.instantHint')
          : t('savedSearches.frequency.dailyHint')
      }
      name={name}
      value={value}
      choices={SAVED_SEARCH_FREQUENCIES.map((frequency) => ({
        value: frequency,
        label: t(`savedSearches.frequency.${frequency}`),
      }))}
      onChange={onChange}
      testId={testId}
    />
  );
}
