import { z } from 'zod';
import { emailField, otpCodeField, passwordField, phoneField } from './auth.ts';
import { LIMITS } from './limits.ts';
import { TEXT } from './texts.ts';

/** Which contact detail a change is about; the code goes to the new one. */
export const CONTACT_CHANNELS = ['email', 'phone'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/**
 * What a signed-in user does that changes who can get in: the password asked again or, for an
 * account without one (LinkedIn only), a code sent to its email by `POST /api/account/code`.
 */
export const ACCOUNT_CODE_ACTIONS = ['password', 'contact_change', 'deletion'] as const;
export type AccountCodeAction = (typeof ACCOUNT_CODE_ACTIONS)[number];

export const accountCodeRequest = z.object({
  action: z.enum(ACCOUNT_CODE_ACTIONS, { error: TEXT.required }),
});

export const accountCodeResult = z.object({
  action: z.enum(ACCOUNT_CODE_ACTIONS),
  /** The email the code went to. */
  value: z.string(),
  retry_after_seconds: z.number().int().positive(),
});

/**
 * The proof asked again: `current_password` (not checked for strength), or `code` for an account
 * without a password. One of them is required: the message goes on the password's field.
 */
const proofFields = {
  current_password: z.string().max(LIMITS.passwordMax, TEXT.currentPasswordWrong).optional(),
  // An empty code is no code (a form's untouched field), not a malformed one.
  code: z.union([z.literal(''), otpCodeField]).optional(),
};
export type IdentityProof = { current_password?: string | undefined; code?: string | undefined };

function requireProof(value: IdentityProof, ctx: z.RefinementCtx): void {
  if (!value.current_password && !value.code) {
    ctx.addIssue({ code: 'custom', path: ['current_password'], message: TEXT.required });
  }
}

/** A new password; without one yet (LinkedIn only), the code sets the first. */
export const changePasswordRequest = z
  .object({
    ...proofFields,
    password: passwordField,
    password_confirmation: z.string({ error: TEXT.required }).min(1, TEXT.required),
  })
  .superRefine((value, ctx) => {
    requireProof(value, ctx);
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: TEXT.passwordsMatch });
    }
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** How many other sessions an action ended. */
export const sessionsEndedResult = z.object({ sessions_ended: z.number().int().nonnegative() });

/**
 * Step 1 of a contact change: the new address, the password (or code) asked again. Nothing changes
 * yet. One object (not a union by channel), so the value's rules follow the channel inside it.
 */
export const changeContactRequest = z
  .object({
    channel: z.enum(CONTACT_CHANNELS, { error: TEXT.required }),
    value: z.string({ error: TEXT.required }),
    ...proofFields,
  })
  .superRefine(requireProof)
  .transform((body, ctx) => {
    const parsed = (body.channel === 'email' ? emailField : phoneField).safeParse(body.value);
    if (parsed.success) return { ...body, value: parsed.data };
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: ['value'], message: issue.message });
    return z.NEVER;
  });
export type ChangeContactRequest = z.input<typeof changeContactRequest>;

export const changeContactResult = z.object({
  channel: z.enum(CONTACT_CHANNELS),
  /** Where the code went, as it will be stored. */
  value: z.string(),
  retry_after_seconds: z.number().int().positive(),
});

/** Step 2: the code sent to the new address; only then does the change take effect. */
export const confirmContactRequest = z.object({
  channel: z.enum(CONTACT_CHANNELS),
  code: otpCodeField,
});

/** Days between asking to delete an account and its erasure; any sign-in meanwhile keeps it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;
/** Days a prepared copy of one's data can be downloaded. */
export const DATA_EXPORT_DAYS = 7;

/** Deleting the account: the password asked again, or the code for an account without one. */
export const deleteAccountRequest = z.object(proofFields).superRefine(requireProof);
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

export const deletionScheduled = z.object({
  /** When the account will be erased unless its owner signs in before. */
  deletion_due_at: z.string(),
});

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** A copy of the user's data: prepared in the background, then downloadable until it expires. */
export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Ready and not expired: the address to download it with the owner's session. */
  download_url: z.string().nullable(),
  file_size: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The latest copy asked for, or none. */
export const latestDataExport = z.object({ export: dataExportSchema.nullable() });

export const dataExportParams = z.object({
  key: z.string().regex(/^[0-9a-f]{32}$/, TEXT.dataExportNotFound),
});
