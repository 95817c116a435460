import { http, HttpResponse, delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { API_VERSION, Routes, defineRoute, envelopeOf, type ApiRoute, type BodyOf } from '@rally/contract';
import { apiError, apiOk, apiUrl, recordCalls, server, testUser } from '../test/server';
import { ApiError, call, setUnauthorizedHandler } from './api-client';
import { sessionStore } from './session-storage';

const onUnauthorized = vi.fn();

beforeEach(() => {
  onUnauthorized.mockReset();
  setUnauthorizedHandler(onUnauthorized);
});

afterEach(() => setUnauthorizedHandler(() => undefined));

const signedIn = () => sessionStore.signIn({ ...testUser, token: 'tok-abc' });

/** A route of this test's own, with both a body and a query, to see how `call` sends each. */
const things = defineRoute({
  method: 'POST',
  path: 'things',
  auth: true,
  query: z.object({
    page: z.number(),
    team_id: z.number().optional(),
    type_id: z.number().nullable(),
    q: z.string(),
  }),
  body: z.object({ name: z.string() }),
  response: envelopeOf(z.object({ id: z.number() })),
});

describe('call(): request', () => {
  it('sends Accept-version 1.3 and the stored token as a Bearer Authorization header', async () => {
    signedIn();
    const calls = recordCalls();

    await call(Routes.profile);

    expect(API_VERSION).toBe('1.3');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/api/user/profile');
    expect(calls[0]!.headers.get('accept-version')).toBe('1.3');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-abc');
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
  });

  it('sends no Authorization header when no token is stored', async () => {
    const calls = recordCalls();

    await call(Routes.profile);

    expect(calls[0]!.headers.get('accept-version')).toBe('1.3');
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });

  it('sends a JSON body with its content type, and the query without empty values', async () => {
    let body: unknown;
    let url: URL | undefined;
    let contentType: string | null = null;
    server.use(
      http.post(apiUrl(things), async ({ request }) => {
        url = new URL(request.url);
        contentType = request.headers.get('content-type');
        body = await request.json();
        return apiOk({ id: 1 });
      }),
    );

    const res = await call(things, {
      body: { name: 'Ada' },
      query: { page: 2, team_id: undefined, type_id: null, q: '' },
    });

    expect(res).toEqual({ data: { id: 1 } });
    expect(body).toEqual({ name: 'Ada' });
    expect(contentType).toBe('application/json');
    expect(url?.search).toBe('?page=2');
  });

  it('returns the whole envelope, message and meta included', async () => {
    const meta = { current_page: 1, last_page: 3, per_page: 10, total: 25 };
    server.use(
      http.get(apiUrl(Routes.pendingInvitations), () => HttpResponse.json({ data: [1, 2], meta, message: 'ok' })),
    );

    await expect(call(Routes.pendingInvitations)).resolves.toEqual({ data: [1, 2], meta, message: 'ok' });
  });
});

describe('call(): errors', () => {
  it('throws an ApiError with the status, the server message and the field errors', async () => {
    server.use(
      http.post(apiUrl(Routes.register), () =>
        apiError(422, 'The email has already been taken.', { email: ['The email has already been taken.', 'x'] }),
      ),
    );

    const err = await call(Routes.register, { body: {} as BodyOf<typeof Routes.register> }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    const apiErr = err as ApiError;
    expect(apiErr.status).toBe(422);
    expect(apiErr.message).toBe('The email has already been taken.');
    expect(apiErr.errors).toEqual({ email: ['The email has already been taken.', 'x'] });
    expect(apiErr.code).toBe('validation_failed');
    expect(apiErr.firstFor('email')).toBe('The email has already been taken.');
    expect(apiErr.firstFor('password')).toBe('The email has already been taken.');
  });

  it('an error without a JSON body still gets a message', async () => {
    server.use(http.get(apiUrl(Routes.profile), () => new HttpResponse('<html>', { status: 502 })));

    await expect(call(Routes.profile)).rejects.toMatchObject({
      status: 502,
      message: 'Request failed (502).',
      errors: {},
    });
  });

  it('a network failure is an ApiError with status 0', async () => {
    server.use(http.get(apiUrl(Routes.health), () => HttpResponse.error()));

    await expect(call(Routes.health)).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/network/i) });
  });

  it('an aborted call rejects with the AbortError, not an ApiError', async () => {
    server.use(
      http.get(apiUrl(Routes.teams), async () => {
        await delay(5_000);
        return apiOk(null);
      }),
    );
    const controller = new AbortController();

    const pending = call(Routes.teams, { signal: controller.signal });
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('call(): 401', () => {
  it.each(
    [Routes.profile, Routes.teams, Routes.logout, Routes.verifyAccount].map((r): [string, string, ApiRoute] => [
      r.method,
      r.path,
      r,
    ]),
  )('%s %s: clears local storage and calls the unauthorized handler', async (method, _path, route) => {
    signedIn();
    sessionStore.setPending('someone@example.test');
    localStorage.setItem('other.key', 'x');
    const handler = method === 'GET' ? http.get : http.post;
    server.use(handler(apiUrl(route), () => apiError(401, 'Unauthenticated.')));

    await expect(call(route)).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });

    expect(localStorage.length).toBe(0);
    expect(sessionStore.get()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  // The rule compares paths, so a copy of the route (as another module may hold) is login too.
  it.each([
    ['the login route', Routes.login],
    ['a copy of the login route', { ...Routes.login }],
  ])('a 401 from %s is a failed sign-in: nothing is cleared and the handler is not called', async (_label, route) => {
    sessionStore.setPending('someone@example.test', 123);
    localStorage.setItem('other.key', 'x');
    server.use(http.post(apiUrl(Routes.login), () => apiError(401, 'These credentials do not match our records.')));

    await expect(call(route, { body: { email: 'someone@example.test', password: 'wrong' } })).rejects.toMatchObject({
      status: 401,
      message: 'These credentials do not match our records.',
    });

    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem('other.key')).toBe('x');
    expect(sessionStore.pending()).toEqual({ email: 'someone@example.test', sentAt: 123 });
  });

  it.each([403, 404, 422, 500])('a %i does not sign the user out', async (status) => {
    signedIn();
    server.use(http.get(apiUrl(Routes.profile), () => apiError(status, 'Nope.')));

    await expect(call(Routes.profile)).rejects.toMatchObject({ status });

    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(sessionStore.get()?.token).toBe('tok-abc');
  });
});
