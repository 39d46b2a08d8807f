import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { firstFieldErrors } from '../../lib/http.ts';

/**
 * Puts a 422's field messages (the first per field, spec §5) on the form's fields, focusing the
 * first; returns the messages of fields the form does not have.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<FieldPath<T>>,
  setError: UseFormSetError<T>,
): string[] {
  const others: string[] = [];
  let focused = false;
  for (const [field, message] of Object.entries(firstFieldErrors(error))) {
    const known = fields.find((name) => name === field);
    if (!known) {
      others.push(message);
      continue;
    }
    setError(known, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  return others;
}
