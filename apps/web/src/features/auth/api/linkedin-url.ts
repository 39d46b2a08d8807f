import { http } from '../../../lib/http.ts';

/**
 * GET /api/auth/linkedin: a fresh authorization URL carrying state (so it is fetched on each click,
 * never cached). 503 when the server has no LinkedIn credentials.
 */
export async function fetchLinkedinUrl() {
  // The answer's schema (and zod) loads with the click, not with /login (issue 17).
  const { linkedinUrlResult } = await import('@makan/contract/auth');
  const { data } = await http.request('/auth/linkedin', { schema: linkedinUrlResult, toast: 'none' });
  return data.url;
}
