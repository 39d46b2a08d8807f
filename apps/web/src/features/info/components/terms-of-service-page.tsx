import { useInfoNamespace } from '../info-texts.ts';
import { PolicyPage, type PolicySection } from './policy-page.tsx';

const LEGAL_EMAIL = 'legal@makan.example';

const TERMS_SECTIONS: readonly PolicySection[] = [
  { id: 'acceptance', key: 'acceptance' },
  { id: 'makan-is-a-platform', key: 'role' },
  { id: 'accounts', key: 'accounts' },
  { id: 'acceptable-use', key: 'acceptableUse' },
  { id: 'listings', key: 'listings' },
  { id: 'your-content', key: 'content' },
  { id: 'prohibited-content', key: 'prohibited' },
  { id: 'messaging', key: 'messaging' },
  { id: 'privacy', key: 'privacy', link: { to: '/privacy-policy', labelKey: 'terms.links.privacy' } },
  { id: 'termination', key: 'termination' },
  { id: 'liability', key: 'liability' },
  { id: 'governing-law', key: 'governingLaw' },
  { id: 'changes', key: 'changes' },
  { id: 'contact', key: 'contact', email: LEGAL_EMAIL },
];

/** /terms-of-service */
export function TermsOfServicePage() {
  useInfoNamespace();
  return <PolicyPage page="terms" sections={TERMS_SECTIONS} current="/terms-of-service" />;
}
