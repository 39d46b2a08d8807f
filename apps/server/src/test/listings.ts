import type { App } from '../lib/http.ts';
import { type FileSpec, multipartBody } from './form.ts';

/**
 * A listing posted by `user` through POST /api/posts (without photos unless given), as the browser
 * sends the form; answers its id (throws with the answer when refused).
 */
export async function createListing(
  app: App,
  user: { auth: Record<string, string> },
  description: string,
  fields: Record<string, string> = {},
  photos: FileSpec[] = [],
): Promise<number> {
  const body = await multipartBody(
    { property_type: 'office', location: 'Olaya Street', description, ...fields },
    photos,
    'media[]',
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/posts',
    payload: body.payload,
    headers: { ...user.auth, ...body.headers },
  });
  if (res.statusCode !== 201) throw new Error(`listing refused: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}
