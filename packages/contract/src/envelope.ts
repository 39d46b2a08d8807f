import { z } from 'zod';
import { TEXT_KEYS, type TextCode } from './texts.ts';

/** Field errors of a 422: each field maps to its messages, the first one being shown. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/**
 * A key of the text catalogue (`TEXT` in contract/src/texts.ts). Named (`id`), so the OpenAPI document
 * lists the keys once, as a component, rather than in every failure response.
 */
const textKeySchema = z.enum(TEXT_KEYS).meta({
  id: 'TextKey',
  description: 'A key of the text catalogue: clients translate the text by it (`validation.<key>`).',
});

/** The values of a catalogue text's `{name}` parameters. */
const textParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** A catalogue text by key, beside the words it fills in: what clients translate. */
export const textCodeSchema = z.object({
  code: textKeySchema,
  params: textParamsSchema.optional(),
}) satisfies z.ZodType<TextCode>;

/**
 * The keys of `errors`, message for message: `codes[field][i]` is the text of `errors[field][i]`. A
 * field whose messages are not all catalogue texts has no entry (its words are then all there is).
 */
export const fieldCodesSchema = z.record(z.string(), z.array(textCodeSchema));
export type FieldCodes = z.infer<typeof fieldCodesSchema>;

/**
 * The failure envelope of every error response. `message` and `errors` are the spec's words; `code`
 * and `params` (the text of `message`) and `codes` (those of `errors`) say which catalogue texts they
 * are, so a client translates by key rather than by reading the English back. A message from the
 * HTTP catalogue (spec §8) has no code: its status says which it is.
 */
export const failureSchema = z
  .object({
    status: z.literal(false),
    message: z.string(),
    code: textKeySchema.optional(),
    params: textParamsSchema.optional(),
    errors: fieldErrorsSchema.optional(),
    codes: fieldCodesSchema.optional(),
    /** Rarely, what the client needs to go on (e.g. which codes an unverified login must enter). */
    data: z.unknown().optional(),
    /**
     * The request's id, as in the server's log and the `X-Request-Id` header (issue 24): what a
     * user quotes to support, what an operator searches the logs for.
     */
    request_id: z.string().optional(),
  })
  .meta({ id: 'Failure' });
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
