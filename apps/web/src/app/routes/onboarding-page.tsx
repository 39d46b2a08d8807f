import type { PreferencesRequest } from '@makan/contract/onboarding';
import { OnboardingWizard } from '../../features/onboarding/components/onboarding-wizard.tsx';
import { useCreateSavedSearch } from '../../features/saved-searches/api/create-saved-search.ts';
import { criteriaFromPreferences } from '../../features/saved-searches/criteria.ts';

/** The wizard, offering to keep the first answers as a saved search (named by the server). */
export function OnboardingPage() {
  const create = useCreateSavedSearch();
  return (
    <OnboardingWizard
      saveAsSearch={(preferences: PreferencesRequest) =>
        create.mutateAsync({ criteria: criteriaFromPreferences(preferences) })
      }
    />
  );
}
