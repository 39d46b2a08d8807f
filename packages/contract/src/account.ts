import { z } from 'zod';
import { passwordField } from './auth.ts';
import { LIMITS } from './limits.ts';
import { TEXT } from './texts.ts';

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
