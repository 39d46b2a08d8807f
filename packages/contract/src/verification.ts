import { z } from 'zod';
import { moderationUser } from './moderation.ts';
import { formatText, TEXT } from './texts.ts';

/**
 * Verified companies (issue 21): a developer (company) account asks with its commercial registration
 * number and a document (PDF or image, checked from its bytes, seen by moderators only); a moderator
 * approves or refuses with a reason. An approved company shows a 'Verified company' badge, distinct
 * from the email-and-phone `verified` badge.
 */

export const VERIFICATION_STATUSES = ['pending', 'approved', 'refused'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The document's kinds, as its bytes say (not its name). */
export const VERIFICATION_DOCUMENT_TYPES = ['pdf', 'jpeg', 'png', 'webp'] as const;
export type VerificationDocumentType = (typeof VERIFICATION_DOCUMENT_TYPES)[number];
export const VERIFICATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What the file picker offers (the server checks the bytes whatever the name says). */
export const VERIFICATION_DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

/** A commercial registration number: digits, letters, '-' and '/', 4 to 30 characters. */
export const registrationNumberField = z
  .string({ error: TEXT.required })
  .trim()
  .min(1, TEXT.required)
  .regex(/^[0-9A-Za-z][0-9A-Za-z/-]{3,29}$/, TEXT.registrationNumberInvalid);

/** The multipart text field of POST /api/company-verification (the file is `document`). */
export const verificationFields = z.object({ registration_number: registrationNumberField });

export const verificationSchema = z.object({
  id: z.number().int(),
  status: z.enum(VERIFICATION_STATUSES),
  registration_number: z.string(),
  document_type: z.enum(VERIFICATION_DOCUMENT_TYPES),
  /** Why it was refused (the moderator's words), or null. */
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** GET /api/company-verification: the latest request, and whether the company is verified now. */
export const verificationState = z.object({
  company_verified: z.boolean(),
  verification: verificationSchema.nullable(),
});
export type VerificationState = z.infer<typeof verificationState>;

/** One request in the console, with its account. */
export const verificationItem = verificationSchema.extend({
  user: moderationUser,
  /** The document, for staff only (with their session). */
  document_url: z.string(),
});
export type VerificationItem = z.infer<typeof verificationItem>;

/** GET /api/admin/verifications: pending requests, oldest first. */
export const verificationQueue = z.object({ items: z.array(verificationItem) });

export const verificationParams = z.object({ id: z.coerce.number().int().positive() });

/** Refusing says why (the company is told); approving may carry a note. */
export const refuseVerificationRequest = z.object({
  reason: z
    .string({ error: TEXT.moderationReasonRequired })
    .trim()
    .min(1, TEXT.moderationReasonRequired)
    .max(500, formatText(TEXT.maxLength, { length: 500 })),
});
