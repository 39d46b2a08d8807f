import { z } from 'zod';
import { normalizeEmail, toAsciiDigits } from './identifier.ts';
import { LANGUAGES } from './languages.ts';
import { LIMITS } from './limits.ts';
import { formatText, TEXT } from './texts.ts';
import { ROLES, USER_TYPES } from './user-types.ts';

export { LANGUAGES, type Language } from './languages.ts';
export { USER_TYPES, type UserType } from './user-types.ts';

export const VERIFICATION_METHODS = ['email', 'phone', 'both'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];
export const OTP_TYPES = ['registration', 'password_reset', 'email_verification', 'reset'] as const;
export type OtpType = (typeof OTP_TYPES)[number];

const minText = (length: number) => formatText(TEXT.minLength, { length });
const maxText = (length: number) => formatText(TEXT.maxLength, { length });

const requiredString = z.string({ error: TEXT.required }).trim().min(1, TEXT.required);

export const nameField = requiredString
  .pipe(z.string().min(LIMITS.nameMin, minText(LIMITS.nameMin)))
  .pipe(z.string().max(LIMITS.nameMax, maxText(LIMITS.nameMax)))
  .pipe(z.string().regex(/^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u, TEXT.nameLetters));

export const emailField = requiredString
  .pipe(z.string().max(LIMITS.emailMax, maxText(LIMITS.emailMax)))
  .pipe(z.email(TEXT.invalidEmail))
  .transform(normalizeEmail);

export const phoneField = requiredString
  .transform(toAsciiDigits)
  .pipe(z.string().regex(/^[0-9+\-\s()]+$/, TEXT.phoneCharacters))
  .pipe(z.string().min(LIMITS.phoneMin, minText(LIMITS.phoneMin)))
  .pipe(z.string().max(LIMITS.phoneMax, maxText(LIMITS.phoneMax)));

export const passwordField = z
  .string({ error: TEXT.required })
  .min(1, TEXT.required)
  .pipe(z.string().min(LIMITS.passwordMin, TEXT.passwordMin))
  .pipe(z.string().max(LIMITS.passwordMax, maxText(LIMITS.passwordMax)))
  .pipe(
    z.string().refine((v) => /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v), {
      message: TEXT.passwordComplexity,
    }),
  );

const userTypeField = z.enum(USER_TYPES, { error: TEXT.userType });

function withConfirmation<T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: TEXT.passwordsMatch });
  }
}

export const registerRequest = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    password: passwordField,
    password_confirmation: z.string({ error: TEXT.required }).min(1, TEXT.required),
    user_type: userTypeField,
    /** How to verify the account; the server defaults to email. */
    verification_method: z.enum(VERIFICATION_METHODS).optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .superRefine(withConfirmation);
export type RegisterRequest = z.input<typeof registerRequest>;

export const loginRequest = z.object({
  identifier: requiredString.pipe(z.string().max(LIMITS.emailMax, maxText(LIMITS.emailMax))),
  password: z
    .string({ error: TEXT.required })
    .min(1, TEXT.required)
    .pipe(z.string().min(LIMITS.passwordMin, TEXT.passwordMin))
    .pipe(z.string().max(LIMITS.passwordMax, maxText(LIMITS.passwordMax))),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const otpCodeField = z
  .string({ error: TEXT.otpIncomplete })
  .transform((v) => toAsciiDigits(v).trim())
  .pipe(z.string().regex(/^\d{4}$/, TEXT.otpIncomplete));

export const identifierField = requiredString.pipe(z.string().max(LIMITS.emailMax, maxText(LIMITS.emailMax)));

export const verifyOtpRequest = z.object({
  identifier: identifierField,
  code: otpCodeField,
  type: z.enum(OTP_TYPES).default('registration'),
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequest>;

export const resendVerificationRequest = z.object({
  identifier: identifierField,
  type: z.enum(OTP_TYPES).default('registration'),
});

export const verifyEmailRequest = z.object({
  email: emailField,
  code: otpCodeField,
});

export const forgotPasswordRequest = z.object({ identifier: identifierField });

/** Signing in to a locked account: the code sent to the owner's email or phone, with the password. */
export const unlockRequest = z.object({
  identifier: identifierField,
  code: otpCodeField,
  password: z
    .string({ error: TEXT.required })
    .min(1, TEXT.required)
    .pipe(z.string().max(LIMITS.passwordMax, maxText(LIMITS.passwordMax))),
});
export type UnlockRequest = z.input<typeof unlockRequest>;

export const resetPasswordRequest = z
  .object({
    reset_token: z.string({ error: TEXT.resetTokenInvalid }).min(1, TEXT.resetTokenInvalid).max(200),
    password: passwordField,
    password_confirmation: z.string({ error: TEXT.required }).min(1, TEXT.required),
  })
  .superRefine(withConfirmation);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** Where a new or unverified account must enter its code(s). */
export const verificationInfo = z.object({
  method: z.enum(VERIFICATION_METHODS),
  email: z.string(),
  phone: z.string(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
});
export type VerificationInfo = z.infer<typeof verificationInfo>;

export const preferencesSchema = z.object({
  purpose: z.string(),
  property_types: z.array(z.string()),
  preferred_locations: z.array(z.number().int()),
});

const mediaRef = z.object({ url: z.string() }).nullable();

/** A user's profile (spec §3), the same in their own full user and in the profile others see. */
export const userProfile = z.object({
  picture: mediaRef,
  cover_photo: mediaRef,
  bio: z.string().nullable(),
  link: z.string().nullable(),
  views: z.number().int(),
  hide_contact: z.boolean(),
});

/**
 * A person as a list, a conversation or a message shows them: name, kind of account, badges and picture
 * (the chat's `chatUser`; a list's `profileSummary` adds to it).
 */
export const person = z.object({
  id: z.number().int(),
  name: z.string(),
  user_type: z.enum(USER_TYPES),
  verified: z.boolean(),
  /** A company verified by the moderators (issue 21): the 'Verified company' badge. */
  company_verified: z.boolean(),
  picture: userProfile.shape.picture,
});

/**
 * The full user of spec §3. Another user's profile (`publicProfile` in profiles.ts) is picked from it,
 * so the fields both carry are written here only.
 */
export const fullUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  user_type: z.enum(USER_TYPES),
  verified: z.boolean(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  /** False for an account made by LinkedIn sign-in that never set one: it confirms with emailed codes. */
  has_password: z.boolean(),
  /** member, moderator or admin (issue 21): moderators and admins see the console at /admin. */
  role: z.enum(ROLES),
  /** A company whose registration a moderator checked: the 'Verified company' badge (issue 21). */
  company_verified: z.boolean(),
  language: z.enum(LANGUAGES),
  created_at: z.string(),
  updated_at: z.string(),
  profile: userProfile,
  follow_info: z.object({
    followers_count: z.number().int(),
    following_count: z.number().int(),
    is_following: z.boolean(),
    is_followed_by: z.boolean(),
  }),
  preferences: preferencesSchema.nullable(),
  contact_info: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  posts_count: z.number().int(),
});
export type FullUser = z.infer<typeof fullUser>;

/** The minimal user the web app keeps locally (spec §3). */
export const minimalUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  preferences: preferencesSchema.nullable(),
  avatar: z.string().nullable(),
});
export type MinimalUser = z.infer<typeof minimalUser>;

export const registerResult = z.object({ user: minimalUser, verification: verificationInfo });
export const loginResult = z.object({
  token: z.string(),
  user: fullUser,
  /** Present (true) when this sign-in cancelled the account's pending deletion (issue 20). */
  deletion_cancelled: z.boolean().optional(),
});
/** 403 answer of a login whose account is not verified yet: which codes to enter. */
export const verificationRequiredResult = z.object({ verification: verificationInfo });
export const verifyOtpResult = z.object({
  verification: verificationInfo.optional(),
  /** Only for password_reset/reset: the short-lived proof to send with the new password. */
  reset_token: z.string().optional(),
});
export const resendResult = z.object({ retry_after_seconds: z.number().int() });
export const linkedinUrlResult = z.object({ url: z.string() });
export const linkedinCallbackRequest = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(500),
});
