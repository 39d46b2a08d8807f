import { LIMITS } from '@makan/contract/limits';
import type { TFunction } from 'i18next';
import { sniffImage } from '../../lib/file-type.ts';
import { compressImage } from '../../lib/image-compression.ts';

/** Why a chosen file was not taken: keys of `posts.composer.*`. */
export type PhotoRefusal = 'tooMany' | 'tooLarge' | 'compressionFailed' | 'invalidImage';

/**
 * The images among chosen files, compressed, at most `room` of them (a post holds 10 in all); each
 * refusal is told to `refuse`. For the composer and the edit dialog alike.
 */
export async function preparePhotos(
  files: FileList,
  room: number,
  refuse: (why: PhotoRefusal) => void,
): Promise<File[]> {
  const chosen = Array.from(files).filter((file) => file.type.startsWith('image/'));
  if (chosen.length > room) refuse('tooMany');
  const taken: File[] = [];
  for (const file of chosen.slice(0, Math.max(0, room))) {
    // A file named like a photo that is not one (a text renamed .jpg) is refused in words, before
    // the browser fails to draw it.
    if (!(await sniffImage(file))) {
      refuse('invalidImage');
      continue;
    }
    try {
      const small = await compressImage(file);
      if (small.size > LIMITS.fileMaxBytes) {
        refuse('tooLarge');
        continue;
      }
      taken.push(small);
    } catch {
      refuse('compressionFailed');
    }
  }
  return taken;
}

/** What to say of a refusal: the contract's invalid-image text, or the composer's own words. */
export function photoRefusalText(t: TFunction, why: PhotoRefusal): string {
  return why === 'invalidImage'
    ? t('validation.invalidImage')
    : t(`posts.composer.${why}`, { count: LIMITS.imagesPerPost });
}
