import type { TFunction } from 'i18next';
import { apiErrorText, firstFieldMessages, translateMessage } from '../../../lib/messages.ts';

/** Why a send failed, in the current language: the field message of a 422 first, then the catalogue. */
export function failureText(t: TFunction, error: unknown): string {
  const first = Object.values(firstFieldMessages(error))[0];
  if (first && typeof first !== 'string') return translateMessage(t, first);
  if (typeof error === 'string') return translateMessage(t, error);
  return apiErrorText(t, error);
}
