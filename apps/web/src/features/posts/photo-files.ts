import { LIMITS } from '@makan/contract/limits';
import { compressImage } from '../../lib/image-compression.ts';

/** Why a chosen file was not taken: keys of `posts.composer.*`. */
export type PhotoRefusal = 'tooMany' | 'tooLarge' | 'compressionFailed';

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
