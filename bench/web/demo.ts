/** The demo data the web benchmarks read: who signs in, and which post and conversation they open. */
import { loginResult, type MinimalUser } from '@makan/contract/auth';
import { conversationsResult } from '@makan/contract/chat';
import { toMinimalUser } from '@makan/contract/minimal-user';
import { feedResult } from '@makan/contract/posts';
import { DEMO_PASSWORD } from '../lib/server.ts';

/** The reader the signed-in pages are measured as. */
export const DEMO_USER = 'sara@makan.example';

/** Signs in through the API; the token and the minimal user the web app keeps after a login. */
export async function signInAs(
  url: string,
  identifier: string,
): Promise<{ token: string; user: MinimalUser }> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${identifier} failed: ${res.status}`);
  const { token, user } = loginResult.parse(((await res.json()) as { data: unknown }).data);
  return { token, user: toMinimalUser(user) };
}

/** The first post with photos in the signed-in reader's feed: the one /post/{id} is measured on. */
export async function firstPostId(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/posts`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`the feed answered ${res.status}`);
  const { posts } = feedResult.parse(((await res.json()) as { data: unknown }).data);
  const post = posts.find((p) => p.media.length > 0);
  if (!post) throw new Error('no post with photos on the first page of the demo feed');
  return post.id;
}

/** The signed-in reader's first conversation: the one the chat composer is typed in. */
export async function firstConversationId(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/chat/conversations`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`the conversations answered ${res.status}`);
  const conversation = conversationsResult.parse(((await res.json()) as { data: unknown }).data)
    .conversations[0];
  if (!conversation) throw new Error('the demo reader has no conversation');
  return conversation.id;
}
