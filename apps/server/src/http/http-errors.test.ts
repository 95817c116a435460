import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@rally/contract';
import { buildTestApp, type TestApp } from '../test/app.js';
import { freshIpApi, buildUser, profileStatus, uniqueEmail } from '../test/factories.js';

type Res = Awaited<ReturnType<TestApp['api']>>;

/** A JSON error envelope: a non-empty message, no stack, nothing of the server's insides. */
function expectEnvelope(res: Res) {
  expect(res.headers['content-type'], res.body).toMatch(/^application\/json/);
  const body = res.json();
  expect(typeof body.message, res.body).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/\bat .+\.(?:ts|js):\d+|stack|node_modules|SQLITE|syntax error at/i);
  return body;
}

// One app for the file: every test uses its own accounts and client addresses.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const api = freshIpApi(() => t);

const rawPost = (path: string, payload: string | Buffer, headers: Record<string, string | undefined> = {}) =>
  api('POST', path, undefined, undefined, { payload, headers: { 'content-type': 'application/json', ...headers } });

describe('HTTP edge cases', () => {
  it('malformed JSON: 400 with the envelope', async () => {
    for (const payload of ['{"email": ', '{email: "a@b.co"}', "{'a':1}", '[1,]', 'undefined']) {
      const res = await rawPost('login', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(expectEnvelope(res)).toEqual({ message: Messages.malformedJson, code: 'malformed_json' });
    }
  });

  it('an empty body declared as JSON: 400, not 500', async () => {
    const res = await rawPost('login', '');
    expect(res.statusCode).toBe(400);
    expectEnvelope(res);
  });

  it('a JSON body that is not an object: 422 with the generic message, no made-up field', async () => {
    for (const payload of ['[]', '"hello"', '42', 'true', '[{"email":"a@b.co"}]']) {
      const res = await rawPost('login', payload);
      expect(res.statusCode, payload).toBe(422);
      expect(expectEnvelope(res)).toEqual({ message: Messages.validationFailed, code: 'validation_failed' });
    }
    // JSON null reads as an empty body: every field is named.
    const nul = await rawPost('login', 'null');
    expect(nul.json().errors).toEqual({ email: [Messages.emailRequired], password: [Messages.passwordRequired] });
  });

  it('a body longer than its Content-Length: 400, not 415 or 500', async () => {
    const res = await rawPost('login', '{"email":"a@b.co","password":"abcd"}', { 'content-length': '5' });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res);
  });

  it('a prototype-poisoning body is refused with 400', async () => {
    const res = await rawPost('login', '{"email":"a@b.co","password":"abcd","__proto__":{"admin":true}}');
    expect(res.statusCode).toBe(400);
    expectEnvelope(res);
  });

  it('a body over 1 MiB: 413 with the envelope', async () => {
    const payload = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) });
    const res = await rawPost('register', payload);
    expect(res.statusCode).toBe(413);
    expect(expectEnvelope(res)).toEqual({ message: Messages.bodyTooLarge, code: 'body_too_large' });
  });

  it('a body just under 1 MiB is read and validated (422, not 413)', async () => {
    const payload = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 - 100) });
    const res = await rawPost('login', payload);
    expect(res.statusCode).toBe(422);
    expect(expectEnvelope(res).errors).toEqual({ password: [Messages.tooLong] });
  });

  it('Accept-version: 9.9 gets 400; 1.3 and a missing header are accepted', async () => {
    const bad = await api('GET', 'health', undefined, undefined, { headers: { 'accept-version': '9.9' } });
    expect(bad.statusCode).toBe(400);
    expect(expectEnvelope(bad)).toEqual({ message: Messages.unsupportedVersion, code: 'unsupported_version' });

    const badLogin = await api('POST', 'login', { email: 'a@b.co', password: 'abcd' }, undefined, {
      headers: { 'accept-version': '9.9' },
    });
    expect(badLogin.statusCode).toBe(400);

    expect((await api('GET', 'health')).statusCode).toBe(200);
    const missing = await api('GET', 'health', undefined, undefined, { headers: { 'accept-version': undefined } });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ data: { status: 'ok' } });
  });

  it('an unknown /api path: 404 JSON, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await api(method, 'no/such/thing');
      expect(res.statusCode).toBe(404);
      expect(expectEnvelope(res)).toEqual({ message: Messages.notFound, code: 'not_found' });
    }
    // A known path with the wrong method is not found either, in the same envelope.
    const wrongMethod = await api('GET', 'login');
    expect(wrongMethod.statusCode).toBe(404);
    expectEnvelope(wrongMethod);
  });

  it('an unknown non-API path without a built web app: 404 JSON', async () => {
    const res = await api('GET', '/some/page');
    expect(res.statusCode).toBe(404);
    expectEnvelope(res);
  });

  it.each([
    ['application/x-www-form-urlencoded', 'email=a%40b.co&password=abcd'],
    [
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--xyz--\r\n',
    ],
    ['text/plain', '{"email":"a@b.co","password":"abcd"}'],
    ['application/xml', '<login><email>a@b.co</email></login>'],
    ['image/png', '\x89PNG'],
    ['application/json; charset=utf-16', '{}'],
    ['garbage', '{}'],
  ])('content-type %s on login: 415 or 400/422, never 500', async (type, payload) => {
    const res = await rawPost('login', payload, { 'content-type': type });
    expect([400, 415, 422], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    expectEnvelope(res);
  });

  it('bearer header garbage: 401 with the envelope', async () => {
    const u = await buildUser(t);
    const headers = [
      'Bearer',
      'Bearer ',
      `Bearer ${u.token}x`,
      `Bearer ${u.token.slice(1)}`,
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      `Token ${u.token}`,
      `Bearer ${u.token} ${u.token}`,
      'Bearer ../../etc/passwd',
      "Bearer ' or 1=1 --",
      `Bearer ${'a'.repeat(10_000)}`,
      'Bearer \u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9',
      'null',
      '',
    ];
    for (const authorization of headers) {
      const res = await api('GET', 'user/profile', undefined, undefined, { headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 40)).toBe(401);
      expect(expectEnvelope(res)).toEqual({ message: Messages.unauthenticated, code: 'unauthenticated' });
    }
    // The real token still works, also with the scheme in another casing (RFC 7235: case-insensitive).
    expect(await profileStatus(t, u.token)).toBe(200);
    const lower = await api('GET', 'user/profile', undefined, undefined, {
      headers: { authorization: `bearer ${u.token}` },
    });
    expect(lower.statusCode).toBe(200);
  });
});

/**
 * Bad bodies of every shape against every auth route: whatever comes in, the answer is a
 * client error in the envelope, never a 500. Each call comes from a fresh address and names its own
 * account (or none), so no rate limit hides what the handler does.
 */
describe('fuzzing the auth routes with bad bodies', () => {
  let token: string;
  beforeAll(async () => {
    // No call below succeeds in changing anything of this user, so one serves every route.
    token = (await buildUser(t)).token;
  });

  const huge = 'x'.repeat(200_000);
  const fields = [
    'email',
    'password',
    'password_confirmation',
    'first_name',
    'last_name',
    'verification_code',
    'token',
    'old_password',
    'invitation_code',
  ];
  const wrongValues: [string, unknown][] = [
    ['null', null],
    ['number', 123456],
    ['float', 1.5e308],
    ['boolean', true],
    ['array', ['a@b.co']],
    ['object', { $ne: null }],
    ['huge string', huge],
    ['unicode', '\u0000\ud83d\ude00\u202e'],
    ['empty', ''],
  ];

  const bodies: [string, unknown][] = [
    ['null', null],
    ['array', [1, 2, 3]],
    ['empty array', []],
    ['number', 42],
    ['string', 'hello'],
    ['boolean', false],
    ['empty object', {}],
    ['nested objects', { email: { email: { email: 'a@b.co' } }, password: { a: [{ b: { c: 'abcd' } }] } }],
    ['huge strings everywhere', Object.fromEntries(fields.map((f) => [f, huge]))],
    ['many keys', Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))],
    ...fields.flatMap((f) =>
      wrongValues.map(([name, v]): [string, unknown] => [`${f} as ${name}`, { email: uniqueEmail(), [f]: v }]),
    ),
  ];
  /** Raw payloads that JSON.stringify could not produce (too deep for its recursion). */
  const deep = (n: number) =>
    `{"email":${'['.repeat(n)}${']'.repeat(n)},"password":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`;
  const payloads: [string, string][] = [
    ...bodies.map(([name, body]): [string, string] => [name, JSON.stringify(body)]),
    ['deep nesting (array)', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['deep nesting (fields)', deep(50_000)],
  ];

  /** Route, whether the call carries a signed-in user's token, whether a body may be accepted. */
  const routes: [string, boolean, boolean][] = [
    ['register', false, false],
    ['verify-account', false, false],
    // These two need only an e-mail: a body with a valid one and junk beside it is a fine request.
    ['resend-verification-code', false, true],
    ['forgot-password', false, true],
    ['login', false, false],
    ['verify-reset-token', false, false],
    ['reset-password', false, false],
    // Without a token, so the body is parsed and then refused at the door.
    ['logout', false, false],
    ['user/profile/password', true, false],
  ];

  it.each(routes)('POST %s never answers 5xx', async (path, withToken, mayAccept) => {
    const failures: string[] = [];
    for (const [name, payload] of payloads) {
      const res = await api('POST', path, undefined, withToken ? token : undefined, {
        payload,
        headers: { 'content-type': 'application/json' },
      });
      const json = (() => {
        try {
          return res.json();
        } catch {
          return undefined;
        }
      })();
      // A client error (and not a rate limit, which would hide the handler), or a success where
      // the route may accept the body; always with a message in the envelope.
      const okStatus =
        (res.statusCode >= 400 && res.statusCode < 500 && res.statusCode !== 429) ||
        (mayAccept && res.statusCode === 200);
      if (!okStatus || typeof json?.message !== 'string' || json.message === '') {
        failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('review fixes: inputs that must never be a 500', () => {
  let t: TestApp;
  let token: string;
  let teamId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const coach = await buildUser(t);
    token = coach.token;
    const res = await t.api('POST', 'user/team', { name: 'Edge Team' }, token);
    teamId = res.json().data.id;
  });
  afterAll(() => t.close());

  it('a multipart form without a boundary or cut short is a 400', async () => {
    const noBoundary = await t.api('POST', `user/team/${teamId}/profile`, undefined, token, {
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    const truncated = await t.api('POST', `user/team/${teamId}/profile`, undefined, token, {
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect(truncated.json().message).toBe(Messages.malformedMultipart);
  });

  it('an empty team profile update is a 422, not a silent success', async () => {
    const res = await t.api('POST', `user/team/${teamId}/profile`, {}, token);
    expect(res.statusCode, res.body).toBe(422);
  });

  it('ids beyond 32 bits and non-numeric ids name nothing: 404 in paths, 422 in queries and bodies', async () => {
    expect((await t.api('GET', `user/team/3000000000/profile`, undefined, token)).statusCode).toBe(404);
    expect((await t.api('GET', `user/team/abc/members`, undefined, token)).statusCode).toBe(404);
    expect((await t.api('GET', `user/teams?team_id=3000000000`, undefined, token)).statusCode).toBe(422);
    const role = await t.api(
      'POST',
      `user/team/${teamId}/change-user-role`,
      { user_id: 3000000000, role_id: 3 },
      token,
    );
    expect(role.statusCode).toBe(422);
  });

  it('a session unused for 30 days has ended', async () => {
    const user = await buildUser(t);
    expect((await t.api('GET', 'user/profile', undefined, user.token)).statusCode).toBe(200);
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await t.db.kysely
      .updateTable('auth_tokens')
      .set({ last_used_at: longAgo })
      .where('user_id', '=', user.id)
      .execute();
    t.app.sessions.clear(); // the write went around the app: as the session cache's TTL passing would
    expect((await t.api('GET', 'user/profile', undefined, user.token)).statusCode).toBe(401);
    const left = await t.db.kysely.selectFrom('auth_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(left).toHaveLength(0);
  });

  it('control characters in names are refused with a message', async () => {
    const res = await t.api('POST', 'register', {
      first_name: 'a\u0000b',
      last_name: 'x',
      email: uniqueEmail(),
      password: 'pass1',
      password_confirmation: 'pass1',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.first_name).toEqual([Messages.controlCharacters]);
  });
});
