import { LIMITS } from '@makan/contract/limits';
import type { TFunction } from 'i18next';
import { apiErrorMessage, firstFieldMessages, translateMessage } from '../../lib/messages.ts';
import { formatNumber } from '../../lib/numbers.ts';

/**
 * What a failed profile action says: a contract text the server answered with (e.g. 'You cannot
 * follow yourself', 'Image size limit exceeded'), in the page's language; else the spec's fallback
 * for that action ('Failed to update bio', 'Failed to upload profile picture', …).
 */
export function profileErrorText(t: TFunction, error: unknown, fallback: string): string {
  const field = Object.values(firstFieldMessages(error))[0];
  const coded = apiErrorMessage(error) ?? (typeof field === 'object' ? field : undefined);
  return coded ? translateMessage(t, coded) : fallback;
}

/** 10 MB in the page's language ('10 MB', '١٠ ميغابايت'). */
export function maxFileSize(language: string): string {
  // Arabic's short unit ('م.ب.') reads poorly; the long one ('ميغابايت') is clear.
  return formatNumber(LIMITS.fileMaxBytes / (1024 * 1024), language, {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: language === 'ar' ? 'long' : 'short',
  });
}

/**
 * Checks made before uploading (spec §5): an image type, at most 10 MB. The server checks the bytes
 * again. Returns the message to show, or null when the file may go.
 */
export function imageProblem(t: TFunction, file: File, language: string): string | null {
  if (!file.type.startsWith('image/')) return t('validation.invalidImage');
  if (file.size > LIMITS.fileMaxBytes) return t('profile.fileTooLarge', { size: maxFileSize(language) });
  return null;
}
