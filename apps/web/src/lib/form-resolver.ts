import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { asFieldError, issueMessage } from './messages.ts';

/**
 * A react-hook-form resolver for a contract schema. Each field gets its first issue, as zod lists
 * them, with the catalogue text it stands for (`code`, `params`: read back with `fieldErrorMessage`),
 * so a form shows the same translated words for its own check as for the server's answer.
 */
export function contractResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: parsed.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (errors[path]) continue;
      errors[path] = asFieldError(issueMessage(issue), issue.code);
    }
    return { values: {}, errors: toNestErrors<Input>(errors, options) };
  };
}
