import { describe, expect, it } from 'vitest';
import { href } from './route.js';
import { Routes } from './routes/index.js';

describe('the route table', () => {
  it('builds concrete paths from parameters, encoded', () => {
    expect(href(Routes.teamMembers, { id: 7 })).toBe('user/team/7/members');
    expect(href(Routes.removeMember, { id: 7, userId: 12 })).toBe('user/team/7/member/12');
    expect(href({ path: 'a/:x' }, { x: 'b/c d' })).toBe('a/b%2Fc%20d');
    expect(href(Routes.login)).toBe('login');
  });

  it('throws for a missing parameter rather than calling a wrong path', () => {
    expect(() => href(Routes.teamMembers, {})).toThrow(/needs :id/);
  });

  it('has one route per method and path, and params exactly where the path has them', () => {
    const seen = new Set<string>();
    for (const [name, route] of Object.entries(Routes)) {
      const key = `${route.method} ${route.path}`;
      expect(seen.has(key), `${name}: ${key} twice`).toBe(false);
      seen.add(key);
      const hasParams = route.path.includes(':');
      expect('params' in route && route.params !== undefined, name).toBe(hasParams);
      expect(route.path.startsWith('/'), name).toBe(false);
    }
  });
});
