import { PURPOSE_LABELS, PURPOSE_LABELS_AR, PURPOSES, type Purpose } from '@makan/contract/onboarding';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPE_LABELS_AR,
  PROPERTY_TYPES,
  type PropertyType,
} from '@makan/contract/property-types';
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

export function isPropertyType(value: string): value is PropertyType {
  return (PROPERTY_TYPES as readonly string[]).includes(value);
}

/** The spec's property type labels (spec §3), or their Arabic. */
export function propertyTypeLabel(type: string, language: Language): string {
  if (!isPropertyType(type)) return type;
  return language === 'ar' ? PROPERTY_TYPE_LABELS_AR[type] : PROPERTY_TYPE_LABELS[type];
}

const regionNames = new Map<Language, Intl.DisplayNames>();

/** A country's name in the page's language ('SA' → 'Saudi Arabia' / 'السعودية'). */
export function countryName(code: string, language: Language): string {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region' });
    regionNames.set(language, names);
  }
  return names.of(code) ?? code;
}
