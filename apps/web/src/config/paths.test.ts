import { describe, expect, it } from 'vitest';
import { loginWithRedirect, safeRedirect } from './paths';

describe('safeRedirect', () => {
  it.each([
    ['/profile', '/profile'],
    ['/profile?x=1', '/profile?x=1'],
    ['/profile?tab=password&x=a%20b#top', '/profile?tab=password&x=a%20b#top'],
    ['/engagements/12/info', '/engagements/12/info'],
    ['/', '/'],
  ])('follows the same-site path %j', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'profile',
    ' /profile',
    '//evil.test',
    '//evil.test/profile?x=1',
    '///evil.test',
    'https://evil.test',
    'HTTPS://evil.test/profile',
    'javascript:alert(1)',
    'data:text/html,hi',
    '\\\\evil.test',
    // Browsers read a backslash as a slash and drop tabs and newlines inside URLs.
    '/\\evil.test',
    '/\\/evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r\n/evil.test',
  ])('sends %j to / instead', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});

describe('loginWithRedirect', () => {
  it('puts the path and search in the redirect query, encoded', () => {
    const url = loginWithRedirect('/profile?x=1&y=a b');

    expect(url).toBe('/login?redirect=%2Fprofile%3Fx%3D1%26y%3Da+b');
    expect(new URLSearchParams(url.split('?')[1]).get('redirect')).toBe('/profile?x=1&y=a b');
  });
});
