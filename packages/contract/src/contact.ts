import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { formatText, TEXT } from './texts.ts';

const required = (max: number = LIMITS.contactFieldMax) =>
  z
    .string({ error: TEXT.required })
    .trim()
    .min(1, TEXT.required)
    .max(max, formatText(TEXT.maxLength, { length: max }));

export const contactRequest = z.object({
  firstName: required(100),
  lastName: required(100),
  email: required().pipe(z.email(TEXT.invalidEmail)),
  // Digits, spaces and + - ( ) only, as the signup form's phone ('abc' was taken).
  phone: required(30).pipe(z.string().regex(/^[0-9+\-\s()]+$/, TEXT.phoneCharacters)),
  subject: required(),
  message: required(LIMITS.contactMessageMax).pipe(
    z
      .string()
      .min(LIMITS.contactMessageMin, formatText(TEXT.minLength, { length: LIMITS.contactMessageMin })),
  ),
});
export type ContactRequest = z.infer<typeof contactRequest>;

export const contactResult = z.object({ id: z.number().int() });
