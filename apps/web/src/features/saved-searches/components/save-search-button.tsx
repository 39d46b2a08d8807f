import type { SavedSearchCriteria } from '@makan/contract/saved-searches';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { BellIcon } from '../../../components/ui/icons/bell.tsx';
import { SaveSearchDialog } from './save-search-dialog.tsx';

/** 'Save this search': the feed's filters or the search page's keyword, kept with alerts. */
export function SaveSearchButton({ criteria }: { criteria: SavedSearchCriteria }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} data-testid="save-search">
        <BellIcon className="size-4" />
        {t('savedSearches.save.button')}
      </Button>
      {open && <SaveSearchDialog open onClose={() => setOpen(false)} criteria={criteria} />}
    </>
  );
}
