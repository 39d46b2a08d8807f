import { randomBytes } from 'node:crypto';
import type {
  Verification,
  VerificationDocumentType,
  VerificationItem,
  VerificationState,
} from '@makan/contract/verification';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { Notifier, Session } from '../auth/auth.service.ts';
import { sniffImage } from '../media/image-store.ts';
import type { MediaStore } from '../media/media-store.ts';
import { moderationEmail } from '../moderation/moderation.messages.ts';
import type { ModerationRepository } from '../moderation/moderation.repository.ts';
import { moderationUserView, staffMember } from '../moderation/moderation.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import {
  documentFileName,
  type VerificationRepository,
  type VerificationRow,
} from './verification.repository.ts';

type Deps = {
  verifications: VerificationRepository;
  moderation: ModerationRepository;
  users: UsersRepository;
  notifier: Notifier;
  clock: Clock;
  /** Where documents are kept (the store's private verification area), served to staff only through the API. */
  store: MediaStore;
};

const MIME: Record<VerificationDocumentType, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The document's kind from its first bytes: a PDF, or a JPEG, PNG or WebP image; else undefined. */
export function documentType(bytes: Buffer): VerificationDocumentType | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const image = sniffImage(bytes);
  return image === 'jpeg' || image === 'png' || image === 'webp' ? image : undefined;
}

/** Companies ask to be verified; moderators approve or refuse (issue 21). */
export function createVerificationService({
  verifications,
  moderation,
  users,
  notifier,
  clock,
  store,
}: Deps) {
  const view = (row: VerificationRow): Verification => ({
    id: row.id,
    status: row.status,
    registration_number: row.registrationNumber,
    document_type: row.documentType,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  });

  const staff = (session: Session) => staffMember(users, session);

  async function decide(
    session: Session,
    id: number,
    decision: 'approved' | 'refused',
    reason: string | null,
  ) {
    const me = await staff(session);
    const row = await verifications.decide(id, decision, reason, clock.now());
    if (!row) throw new NotFound();
    const actionId = await moderation.audit({
      action: decision === 'approved' ? 'approve_verification' : 'refuse_verification',
      moderatorId: me.id,
      moderatorName: me.name,
      targetType: 'user',
      targetId: row.userId,
      targetUserId: row.userId,
      reason,
      details: { verification_id: row.id, registration_number: row.registrationNumber },
      createdAt: clock.now(),
    });
    const company = await users.findById(row.userId);
    if (company) {
      const notice =
        decision === 'approved'
          ? ({ kind: 'verification_approved' } as const)
          : ({ kind: 'verification_refused', reason: reason ?? '' } as const);
      await notifier
        .email(company.email, moderationEmail(company.language, company.name, notice))
        .catch(() => undefined);
    }
    return { action_id: actionId };
  }

  return {
    /** Checks who may ask before the document is read (a member learns nothing by uploading). */
    async assertCanRequest(session: Session): Promise<void> {
      const user = await users.findById(session.userId);
      if (!user) throw new NotFound();
      if (user.userType !== 'developer')
        throw new Invalid({ registration_number: 'verificationCompanyOnly' }, 'verificationCompanyOnly');
      if (user.companyVerifiedAt) throw new Conflict('verificationAlreadyApproved');
    },

    async request(session: Session, registrationNumber: string, document: Buffer | undefined) {
      await this.assertCanRequest(session);
      if (!document || document.length === 0)
        throw new Invalid({ document: 'verificationDocumentRequired' }, 'verificationDocumentRequired');
      const type = documentType(document);
      if (!type)
        throw new Invalid({ document: 'verificationDocumentInvalid' }, 'verificationDocumentInvalid');
      const key = randomBytes(16).toString('hex');
      // The object first, then the row (as uploads do): a row never names a missing document.
      const file = documentFileName({ documentKey: key, documentType: type });
      await store.put(file, document, MIME[type]);
      const row = await verifications.create({
        userId: session.userId,
        registrationNumber,
        documentKey: key,
        documentType: type,
        now: clock.now(),
      });
      if (!row) {
        await store.delete(file);
        throw new Conflict('verificationPending');
      }
      return { company_verified: false, verification: view(row) };
    },

    async state(session: Session): Promise<VerificationState> {
      const [user, row] = await Promise.all([
        users.findById(session.userId),
        verifications.latestOf(session.userId),
      ]);
      return { company_verified: Boolean(user?.companyVerifiedAt), verification: row ? view(row) : null };
    },

    async queue(session: Session): Promise<{ items: VerificationItem[] }> {
      await staff(session);
      const rows = await verifications.pending(100);
      return {
        items: rows.map(({ verification, user }) => ({
          ...view(verification),
          user: moderationUserView(user, clock.now()),
          document_url: `/api/admin/verifications/${verification.id}/document`,
        })),
      };
    },

    /** The document of a request, to staff only, read from the shared store (any node serves it). */
    async document(session: Session, id: number) {
      await staff(session);
      const row = await verifications.find(id);
      if (!row) throw new NotFound();
      const object = await store.get(documentFileName(row));
      if (!object) throw new NotFound();
      return { object, mime: MIME[row.documentType], name: documentFileName(row) };
    },

    approve: (session: Session, id: number) => decide(session, id, 'approved', null),
    refuse: (session: Session, id: number, reason: string) => decide(session, id, 'refused', reason),
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
