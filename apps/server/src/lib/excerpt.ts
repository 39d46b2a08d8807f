import { NOTIFICATION_EXCERPT_MAX } from '@makan/contract/notifications';

/**
 * A text as one short line: white space folded, cut to `max` characters with an ellipsis; null when
 * nothing is left. What a notification and an email quote of a comment, a message or a listing.
 */
export function excerpt(text: string | null | undefined, max = NOTIFICATION_EXCERPT_MAX): string | null {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  // No more code units than `max`: no more characters either, and nothing to split.
  if (flat.length <= max) return flat;
  const characters = [...flat];
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : flat;
}
