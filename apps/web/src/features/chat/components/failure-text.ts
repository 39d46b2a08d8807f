import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorText, textKeyOf, translateMessage } from '../../../lib/messages.ts';

/** Why a send failed, in the current language: the field message of a 422 first, then the catalogue. */
export function failureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.errors) {
    const first = Object.values(error.errors).flat()[0];
    if (first && textKeyOf(first)) return translateMessage(t, first);
  }
  if (typeof error === 'string') return translateMessage(t, error);
  return apiErrorText(t, error);
}
