import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { asFieldError, firstFieldMessages, type Message } from './messages.ts';

/**
 * Puts a 422's field messages (the first per field, spec §5) on the form's fields, focusing the
 * first; returns the messages of fields the form does not have. A message keeps its catalogue key
 * (read back with `fieldErrorMessage`), so it is shown in the page's language.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<FieldPath<T>>,
  setError: UseFormSetError<T>,
): Message[] {
  const others: Message[] = [];
  let focused = false;
  for (const [field, message] of Object.entries(firstFieldMessages(error))) {
    const known = fields.find((name) => name === field);
    if (!known) {
      others.push(message);
      continue;
    }
    setError(known, asFieldError(message), { shouldFocus: !focused });
    focused = true;
  }
  return others;
}
