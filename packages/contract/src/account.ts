import { z } from 'zod';
import { emailField, otpCodeField, passwordField, phoneField } from './auth.ts';
import { LIMITS } from './limits.ts';
import { TEXT } from './texts.ts';

/** Which contact detail a change is about; the code goes to the new one. */
export const CONTACT_CHANNELS = ['email', 'phone'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** The password asked again before a change of who can get in (current password, not checked for strength). */
const currentPasswordField = z
  .string({ error: TEXT.required })
  .min(1, TEXT.required)
  .pipe(z.string().max(LIMITS.passwordMax, TEXT.currentPasswordWrong));

export const changePasswordRequest = z
  .object({
    current_password: currentPasswordField,
    password: passwordField,
    password_confirmation: z.string({ error: TEXT.required }).min(1, TEXT.required),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: TEXT.passwordsMatch });
    }
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** How many other sessions an action ended. */
export const sessionsEndedResult = z.object({ sessions_ended: z.number().int().nonnegative() });

/**
 * Step 1 of a contact change: the new address, the password asked again. Nothing changes yet. One
 * object (not a union by channel), so the value's rules follow the channel inside it.
 */
export const changeContactRequest = z
  .object({
    channel: z.enum(CONTACT_CHANNELS, { error: TEXT.required }),
    value: z.string({ error: TEXT.required }),
    current_password: currentPasswordField,
  })
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
