import type { Post } from '@makan/contract/posts';
import { cityName } from '../../lib/cities.ts';
import type { Language } from '../../lib/i18n.ts';

/**
 * Spec §3 displayed location: a city shows its Arabic name on the Arabic screen and its English
 * name otherwise; a free-text location shows as written.
 */
export function postLocation(
  post: Pick<Post, 'location' | 'custom_location' | 'display_location'>,
  language: Language,
) {
  if (post.location) return cityName(post.location, language);
  return post.custom_location ?? post.display_location;
}
