import { OnboardingWizard } from '../../features/onboarding/components/onboarding-wizard.tsx';

export function OnboardingPage() {
  return <OnboardingWizard />;
}
