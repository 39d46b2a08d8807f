import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { AttachmentsRepository } from './attachments.repository.ts';

const DAY_MS = 24 * 60 * 60_000;

export type AttachmentsServiceDeps = {
  attachments: AttachmentsRepository;
  clock: Clock;
  /** Signs attachment addresses; shared by every process of the deployment. */
  fileSecret: string;
};

/**
 * The addresses of chat files: signed, so the address is the permission (no token on a download),
 * and valid for a day or two.
 */
export function createAttachmentsService({ attachments, clock, fileSecret }: AttachmentsServiceDeps) {
  const signature = (id: number, size: string, expires: number) =>
    createHmac('sha256', fileSecret).update(`${id}:${size}:${expires}`).digest('hex');

  function checkFileSignature(id: number, size: string, expires: number, given: string): boolean {
    if (expires * 1000 < clock.now().getTime()) return false;
    const expected = Buffer.from(signature(id, size, expires), 'hex');
    const actual = Buffer.from(given, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  return {
    /** Valid until the end of the day after tomorrow (UTC): addresses stay the same for a day, so caches work. */
    fileUrl(id: number, size: 'full' | 'preview'): string {
      const expires = Math.floor(clock.now().getTime() / DAY_MS + 3) * (DAY_MS / 1000);
      return `/api/chat/files/${id}?size=${size}&expires=${expires}&signature=${signature(id, size, expires)}`;
    },

    /** An attachment for download, if the signed address is genuine and still valid. */
    async fileFor(id: number, size: 'full' | 'preview', expires: number, sig: string) {
      if (!checkFileSignature(id, size, expires, sig)) return undefined;
      return attachments.findAttachment(id);
    },
  };
}
export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
