import { PURPOSE_LABELS, PURPOSE_LABELS_AR, PURPOSES, type Purpose } from '@makan/contract/purposes';
import type { Language } from '../../lib/i18n.ts';

/** An option of GET /api/onboarding/questions, in the page's language. */
export function optionLabel(option: { label_en: string; label_ar: string }, language: Language): string {
  return language === 'ar' ? option.label_ar : option.label_en;
}

export function purposeLabel(purpose: string, language: Language): string {
  const labels: Record<string, string> = language === 'ar' ? PURPOSE_LABELS_AR : PURPOSE_LABELS;
  return labels[purpose] ?? purpose;
}

export function isPurpose(value: string): value is Purpose {
  return (PURPOSES as readonly string[]).includes(value);
}
