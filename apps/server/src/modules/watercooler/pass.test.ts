import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor } from './ice-servers.js';
import { WatercoolerPasses } from './pass.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const claims = { team: 7, user: 42, room: 'WCabcdefabcdefabcdef' };

describe('watercooler passes', () => {
  const passes = new WatercoolerPasses(SECRET, 120);
  const now = new Date('2026-11-26T12:00:00Z');

  it('opens its room until it expires', () => {
    const { token, expiresAt } = passes.issue(claims, now);
    expect(expiresAt.toISOString()).toBe('2026-11-26T12:02:00.000Z');
    expect(passes.verify(token, now)).toEqual({ ...claims, exp: expiresAt.getTime() / 1000 });
    expect(passes.verify(token, new Date(expiresAt.getTime() - 1))).toBeDefined();
    expect(passes.verify(token, expiresAt)).toBeUndefined();
  });

  it('refuses a forged, altered or foreign pass', () => {
    const { token } = passes.issue(claims, now);
    const [body, mac] = token.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ ...claims, user: 43, exp: 9_999_999_999 })).toString('base64url');
    expect(passes.verify(`${altered}.${mac}`, now)).toBeUndefined();
    expect(passes.verify(`${body}.${mac.slice(0, -2)}`, now)).toBeUndefined();
    expect(passes.verify(`${body}.${mac}.x`, now)).toBeUndefined();
    expect(passes.verify(body, now)).toBeUndefined();
    expect(new WatercoolerPasses(`${SECRET}!`, 120).verify(token, now)).toBeUndefined();
    // A MAC made with APP_SECRET itself (not the key derived for passes) is no pass either.
    const raw = createHmac('sha256', SECRET).update(body).digest('base64url');
    expect(passes.verify(`${body}.${raw}`, now)).toBeUndefined();
    for (const junk of ['', '.', 'a.b', 42, null, 'x'.repeat(600)]) expect(passes.verify(junk, now)).toBeUndefined();
  });

  it('refuses claims of the wrong shape even when signed', () => {
    const sign = (payload: unknown) => {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const key = createHmac('sha256', SECRET).update('rally:watercooler-pass:v1').digest();
      return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    };
    const exp = now.getTime() / 1000 + 60;
    expect(passes.verify(sign({ ...claims, exp }), now)).toEqual({ ...claims, exp });
    expect(passes.verify(sign({ ...claims, team: '7', exp }), now)).toBeUndefined();
    expect(passes.verify(sign({ ...claims, room: 'a b', exp }), now)).toBeUndefined();
    expect(passes.verify(sign({ ...claims, exp: 'later' }), now)).toBeUndefined();
  });
});

describe('ICE servers', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const none = { stunUrls: [], turnUrls: [], turnSecret: undefined, turnTtlSeconds: 3600 };

  it('none by default, so a local Rally needs no internet', () => {
    expect(iceServersFor(none, 5, now)).toEqual([]);
  });

  it('STUN as given; TURN with credentials of coturn’s REST API that expire', () => {
    const servers = iceServersFor(
      {
        stunUrls: ['stun:stun.example:3478'],
        turnUrls: ['turn:turn.example:3478', 'turns:turn.example:5349'],
        turnSecret: 'coturn-secret',
        turnTtlSeconds: 3600,
      },
      5,
      now,
    );
    const expiry = now.getTime() / 1000 + 3600;
    expect(servers).toEqual([
      { urls: ['stun:stun.example:3478'] },
      {
        urls: ['turn:turn.example:3478', 'turns:turn.example:5349'],
        username: `${expiry}:5`,
        credential: createHmac('sha1', 'coturn-secret').update(`${expiry}:5`).digest('base64'),
      },
    ]);
  });
});
