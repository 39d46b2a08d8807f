import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPE_LABELS_AR,
  PROPERTY_TYPES,
  type PropertyType,
} from '@makan/contract/property-types';
import type { Language } from './i18n.ts';

export function isPropertyType(value: string): value is PropertyType {
  return (PROPERTY_TYPES as readonly string[]).includes(value);
}

/**
 * A property type as every screen names it (spec §3): the contract's English label, or its Arabic. A
 * value the contract does not know (an old preference) shows as it is.
 */
export function propertyTypeLabel(type: string, language: Language): string {
  if (!isPropertyType(type)) return type;
  return language === 'ar' ? PROPERTY_TYPE_LABELS_AR[type] : PROPERTY_TYPE_LABELS[type];
}
