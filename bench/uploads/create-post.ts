import path from 'node:path';
import { type Post, postSchema } from '@makan/contract/posts';
import { PROPERTY_TYPES } from '@makan/contract/property-types';

/**
 * POST /api/posts as the web client sends it (apps/web/src/features/posts/api/create-post.ts):
 * multipart text fields, then the photo under `media[]` with its file name. Answers the time and the
 * post, and fails on anything but a 201 with one photo 1280 px wide.
 */
export async function createPost(
  url: string,
  token: string,
  photo: { file: string; bytes: Buffer },
  index: number,
): Promise<{ ms: number; post: Post }> {
  const body = new FormData();
  body.append('description', `Bench upload ${index + 1}: ground-floor office, 24 MP photo`);
  body.append('property_type', PROPERTY_TYPES[index % PROPERTY_TYPES.length] ?? 'office');
  body.append('location', 'King Fahd Road, Riyadh');
  body.append('media[]', new Blob([photo.bytes], { type: 'image/jpeg' }), path.basename(photo.file));
  const started = performance.now();
  const res = await fetch(`${url}/api/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 201)
    throw new Error(`upload ${index + 1} answered ${res.status}: ${text.slice(0, 500)}`);
  const post = postSchema.parse((JSON.parse(text) as { data?: unknown }).data);
  const media = post.media[0];
  if (post.media.length !== 1 || !media || media.width > 1280) {
    throw new Error(`upload ${index + 1}: unexpected media ${JSON.stringify(post.media)}`);
  }
  return { ms, post };
}
