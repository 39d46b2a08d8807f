import type { FullUser, VerificationInfo } from '@makan/contract/auth';
import type { Mock } from 'vitest';
import { jsonResponse } from './render.tsx';

/** A full user as GET /api/user and login answer it (spec §3). */
export function fullUserFixture(overrides: Partial<FullUser> = {}): FullUser {
  return {
    id: 7,
    name: 'Sara Al Amri',
    email: 'sara@example.com',
    phone: '+966501234567',
    user_type: 'retail',
    verified: true,
    email_verified: true,
    phone_verified: false,
    has_password: true,
    role: 'member',
    company_verified: false,
    language: 'en',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    profile: {
      picture: { url: '/media/profile_pictures/7.jpg' },
      cover_photo: null,
      bio: null,
      link: null,
      views: 0,
      hide_contact: false,
    },
    follow_info: { followers_count: 0, following_count: 0, is_following: false, is_followed_by: false },
    preferences: null,
    contact_info: { email: 'sara@example.com', phone: '+966501234567' },
    posts_count: 0,
    ...overrides,
  };
}

export const onboardedPreferences = { purpose: 'rent', property_types: ['office'], preferred_locations: [1] };

export function verificationFixture(overrides: Partial<VerificationInfo> = {}): VerificationInfo {
  return {
    method: 'email',
    email: 'sara@example.com',
    phone: '+966501234567',
    email_verified: false,
    phone_verified: false,
    ...overrides,
  };
}

type Handler = (body: unknown, init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/**
 * Answers the mocked fetch by 'METHOD /path' (query ignored); anything else fails the test loudly.
 * Returns the calls made, each with its parsed JSON body.
 */
export function routeFetch(fetchMock: Mock<typeof fetch>, handlers: Record<string, Handler>) {
  const calls: Array<{ route: string; body: unknown; init: RequestInit | undefined }> = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const route = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ route, body, init });
    const handler = handlers[route];
    if (!handler) return jsonResponse(599, { status: false, message: `No mock for ${route}` });
    return handler(body, init, new URL(url, 'http://localhost'));
  });
  return calls;
}

export const ok = (data: unknown, message?: string, status = 200) =>
  jsonResponse(status, { status: true, ...(message ? { message } : {}), data });

export const fail = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ status: false, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
