import { toMinimalUser } from '@makan/contract/minimal-user';
import { describe, expect, it } from 'vitest';
import { fullUserFixture, onboardedPreferences } from '../test/auth-fixtures.ts';
import { afterSignInPath, clearSession, isSignedIn, safeRedirect, startSession } from './session.ts';
import { getItem, getSessionItem, setItem, setSessionItem } from './storage.ts';

describe('safeRedirect', () => {
  it.each([
    ['/post/7', '/post/7'],
    ['/post/7?tab=comments#c2', '/post/7?tab=comments#c2'],
    ['/chat', '/chat'],
    ['/./home', '/home'],
    ['/a/../post/7', '/post/7'],
    ['/%2e/home', '/home'],
    ['/search?q=%2F%2Fnot-a-host', '/search?q=%2F%2Fnot-a-host'],
  ])('follows the same-site path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'home',
    '//evil.com',
    '//evil.com/home',
    '/\\evil.com',
    'https://evil.com/home',
    'javascript:alert(1)',
    '/\t/evil.com',
    '/\n/evil.com',
    // Dot segments and encodings that collapse to another host once normalised or decoded.
    '/.//evil.com',
    '/..//evil.com',
    '/a/..//evil.com',
    '/%2e%2e//evil.com',
    '/./\\evil.com',
    '/%2F%2Fevil.com',
    '/%2f/evil.com',
    '/%5Cevil.com',
    '/%5C%5Cevil.com',
    '/%252F%252Fevil.com',
    '/%09/evil.com',
    '/%0a/evil.com',
    '/%E0%A4%A',
    '/\\/evil.com',
  ])('ignores %j', (value) => {
    expect(safeRedirect(value)).toBeNull();
  });
});

describe('session', () => {
  it('keeps the token and the minimal user of the contract (avatar from the profile picture)', () => {
    const user = fullUserFixture();
    expect(toMinimalUser(user)).toEqual({
      id: 7,
      name: 'Sara Al Amri',
      email: 'sara@example.com',
      phone: '+966501234567',
      preferences: null,
      avatar: '/media/profile_pictures/7.jpg',
    });
    startSession('t0k3n', user);
    expect(isSignedIn()).toBe(true);
    expect(getItem('auth_token')).toBe('t0k3n');
    expect(getItem('user_data')).toEqual(toMinimalUser(user));
    expect(getItem('user_email')).toBe('sara@example.com');
    expect(getItem('user_phone')).toBe('+966501234567');
  });

  it('reads a stored user that does not match the contract as absent', () => {
    localStorage.setItem('user_data', JSON.stringify({ id: 'x', name: 3 }));
    expect(getItem('user_data')).toBeNull();
  });

  it('goes to the redirect, else /home with preferences, else /commercial', () => {
    startSession('t', fullUserFixture());
    expect(afterSignInPath(null)).toBe('/commercial');
    expect(afterSignInPath('//evil.com')).toBe('/commercial');
    startSession('t', fullUserFixture({ preferences: onboardedPreferences }));
    expect(afterSignInPath(null)).toBe('/home');
    expect(afterSignInPath('/post/3')).toBe('/post/3');
  });

  it('clearing forgets token, user data, email, phone, LinkedIn state and reset token, not the theme', () => {
    startSession('t', fullUserFixture());
    setItem('social_login_state', 's');
    setItem('theme', 'dark');
    setSessionItem('reset_token', 'r');
    clearSession();
    for (const key of ['auth_token', 'user_data', 'user_email', 'user_phone', 'social_login_state'] as const)
      expect(getItem(key)).toBeNull();
    expect(getSessionItem('reset_token')).toBeNull();
    expect(getItem('theme')).toBe('dark');
  });
});
