import { z } from 'zod';

/** Field errors of a 422: each field maps to its messages, the first one being shown. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** The failure envelope of every error response. */
export const failureSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  errors: fieldErrorsSchema.optional(),
  /** Rarely, what the client needs to go on (e.g. which codes an unverified login must enter). */
  data: z.unknown().optional(),
});
export type Failure = z.infer<typeof failureSchema>;

/** The success envelope: `{ status: true, message?, data }`. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal(true),
    message: z.string().optional(),
    data,
  });
}
export type Success<T> = { status: true; message?: string; data: T };
