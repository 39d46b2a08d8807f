import { useInfoNamespace } from '../info-texts.ts';
import { PolicyPage, type PolicySection } from './policy-page.tsx';

const PRIVACY_EMAIL = 'privacy@makan.example';

const PRIVACY_SECTIONS: readonly PolicySection[] = [
  { id: 'scope', key: 'scope' },
  { id: 'data-we-collect', key: 'collect' },
  { id: 'how-we-use-data', key: 'use' },
  { id: 'legal-bases', key: 'legalBases' },
  { id: 'applicable-laws', key: 'laws' },
  { id: 'retention', key: 'retention' },
  { id: 'sharing', key: 'sharing' },
  { id: 'international-transfers', key: 'transfers' },
  { id: 'hiding-contact-details', key: 'visibility' },
  { id: 'your-rights', key: 'rights', email: PRIVACY_EMAIL },
  { id: 'cookies-and-local-storage', key: 'storage' },
  { id: 'security', key: 'security' },
  { id: 'children', key: 'children' },
  { id: 'changes', key: 'changes' },
  {
    id: 'contact',
    key: 'contact',
    email: PRIVACY_EMAIL,
    link: { to: '/contact', labelKey: 'privacy.links.contact' },
  },
];

/** /privacy-policy */
export function PrivacyPolicyPage() {
  useInfoNamespace();
  return <PolicyPage page="privacy" sections={PRIVACY_SECTIONS} current="/privacy-policy" />;
}
