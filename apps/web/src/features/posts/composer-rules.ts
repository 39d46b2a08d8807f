import { hasContent } from '@makan/contract/listing';
import { issueMessagesByField, type Message } from '../../lib/messages.ts';
import type { PostsContract } from './contract.ts';

export interface ComposerValues {
  description: string;
  property_type: string;
  /** A chosen city's id, or '' when the location is free text. */
  location_id: string;
  location: string;
  purpose: string;
  price: string;
  currency: string;
  area_m2: string;
  status: string;
  licence_number: string;
}

export const emptyComposer: ComposerValues = {
  description: '',
  property_type: '',
  location_id: '',
  location: '',
  purpose: '',
  price: '',
  currency: '',
  area_m2: '',
  status: '',
  licence_number: '',
};

const COMPOSER_FIELDS = Object.keys(emptyComposer) as ReadonlyArray<keyof ComposerValues>;

export type ComposerErrors = Partial<Record<keyof ComposerValues | 'content', Message>>;

export type ComposerCheck =
  | { ok: true; fields: Record<string, string | number | undefined> }
  | { ok: false; errors: ComposerErrors };

/**
 * The create-post rules of spec §5 before anything is sent: the contract's `createPostFields`
 * (property type and location required, lengths, listing fields), plus "a description or photos"
 * ('Please add a description or upload photos'). Messages are the contract's texts by key. Pure; the
 * schemas are passed in, loaded at the submit (contract.ts).
 */
export function checkComposer(
  { createPostFields }: Pick<PostsContract, 'createPostFields'>,
  values: ComposerValues,
  photoCount: number,
): ComposerCheck {
  // A chosen city wins; its name in the box is not sent as free text too.
  const input = values.location_id ? { ...values, location: '' } : { ...values };
  const parsed = createPostFields.safeParse(input);
  const errors: ComposerErrors = parsed.success
    ? {}
    : issueMessagesByField(parsed.error.issues, COMPOSER_FIELDS);
  // The contract's location rule is a refinement, which zod skips while other fields fail.
  if (!values.location_id && !values.location.trim()) errors.location ??= { code: 'required' };
  if (!hasContent(values.description, photoCount)) errors.content = { code: 'postContentRequired' };
  if (parsed.success && Object.keys(errors).length === 0) {
    // Mentions are not a field of the form: the composer sends the people picked (issue 22).
    const { mentions: _picked, ...fields } = parsed.data;
    return { ok: true, fields };
  }
  return { ok: false, errors };
}
