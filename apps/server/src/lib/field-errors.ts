import type { FieldCodes, FieldErrors } from '@makan/contract/envelope';
import { type IssueLike, issueCode } from '@makan/contract/issue-codes';
import { HTTP_TEXT, textOf } from '@makan/contract/texts';
import { FieldFailures } from './errors.ts';

/** A zod issue, or what a validator kept of one: where it is and what it says. */
export interface FieldIssue extends IssueLike {
  path: readonly PropertyKey[];
}

/** What the client sent at an issue's path (undefined when it sent nothing there). */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

/**
 * The one way a schema's failures become the envelope's field messages, for JSON bodies, queries,
 * multipart forms and socket payloads alike: each issue under its path ('_' for the whole input),
 * in the catalogue's words with their keys (`issueCode`, shared with the web's forms), or the HTTP
 * catalogue's 422 where no catalogue text fits (that field then has no codes).
 */
export function fieldFailures(issues: readonly FieldIssue[], input: unknown): FieldFailures {
  const errors: FieldErrors = {};
  const codes: FieldCodes = {};
  const uncoded = new Set<string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const coded = issueCode(issue, valueAt(input, issue.path));
    errors[field] = [...(errors[field] ?? []), coded ? textOf(coded) : HTTP_TEXT[422]];
    if (coded) codes[field] = [...(codes[field] ?? []), coded];
    else uncoded.add(field);
  }
  for (const field of uncoded) delete codes[field];
  return new FieldFailures(errors, Object.keys(codes).length > 0 ? codes : undefined);
}
