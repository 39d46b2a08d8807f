import type { TFunction } from 'i18next';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './http.ts';
import {
  apiErrorText,
  asFieldError,
  firstFieldMessages,
  type Message,
  translateMessage,
} from './messages.ts';

/**
 * Puts a 422's field messages (the first per field, spec §5) on the form's fields, focusing the
 * first; returns the messages of fields the form does not have. A message keeps its catalogue key
 * (read back with `fieldErrorMessage`), so it is shown in the page's language.
 */
function applyServerErrors<T extends FieldValues>(
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

/**
 * What a failed submit says above the form: a 422's field messages go on their fields (above), and the
 * first message of a field the form does not have is the form's; any other failure is said in its own
 * words. Null when the fields say it all.
 */
export function formFailureText<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<FieldPath<T>>,
  setError: UseFormSetError<T>,
  t: TFunction,
): string | null {
  if (error instanceof ApiError && error.kind === 'validation') {
    const others = applyServerErrors(error, fields, setError);
    if (others[0]) return translateMessage(t, others[0]);
    return error.errors ? null : apiErrorText(t, error);
  }
  return apiErrorText(t, error);
}
