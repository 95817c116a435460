import { http, HttpResponse, delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_VERSION, ApiPaths } from '@rally/contract';
import { apiError, apiOk, apiPath, recordCalls, server, testUser } from '../test/server';
import { ApiError, api, setUnauthorizedHandler } from './api-client';
import { sessionStore } from './session-storage';

const onUnauthorized = vi.fn();

beforeEach(() => {
  onUnauthorized.mockReset();
  setUnauthorizedHandler(onUnauthorized);
});

afterEach(() => setUnauthorizedHandler(() => undefined));

const signedIn = () => sessionStore.signIn({ ...testUser, token: 'tok-abc' });

describe('api(): request', () => {
  it('sends Accept-version 1.3 and the stored token as a Bearer Authorization header', async () => {
    signedIn();
    const calls = recordCalls();

    await api(ApiPaths.profile);

    expect(API_VERSION).toBe('1.3');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/api/user/profile');
    expect(calls[0]!.headers.get('accept-version')).toBe('1.3');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-abc');
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
  });

  it('sends no Authorization header when no token is stored', async () => {
    const calls = recordCalls();

    await api(ApiPaths.profile);

    expect(calls[0]!.headers.get('accept-version')).toBe('1.3');
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });

  it('sends a JSON body with its content type, and the query without empty values', async () => {
    let body: unknown;
    let url: URL | undefined;
    let contentType: string | null = null;
    server.use(
      http.post(apiPath('things'), async ({ request }) => {
        url = new URL(request.url);
        contentType = request.headers.get('content-type');
        body = await request.json();
        return apiOk({ id: 1 });
      }),
    );

    const res = await api<{ id: number }>('/things', {
      method: 'POST',
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
    server.use(http.get(apiPath('list'), () => HttpResponse.json({ data: [1, 2], meta, message: 'ok' })));

    await expect(api('list')).resolves.toEqual({ data: [1, 2], meta, message: 'ok' });
  });
});

describe('api(): errors', () => {
  it('throws an ApiError with the status, the server message and the field errors', async () => {
    server.use(
      http.post(apiPath(ApiPaths.register), () =>
        apiError(422, 'The email has already been taken.', { email: ['The email has already been taken.', 'x'] }),
      ),
    );

    const err = await api(ApiPaths.register, { method: 'POST', body: {} }).catch((e: unknown) => e);

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
    server.use(http.get(apiPath('broken'), () => new HttpResponse('<html>', { status: 502 })));

    await expect(api('broken')).rejects.toMatchObject({ status: 502, message: 'Request failed (502).', errors: {} });
  });

  it('a network failure is an ApiError with status 0', async () => {
    server.use(http.get(apiPath('down'), () => HttpResponse.error()));

    await expect(api('down')).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/network/i) });
  });

  it('an aborted call rejects with the AbortError, not an ApiError', async () => {
    server.use(
      http.get(apiPath('slow'), async () => {
        await delay(5_000);
        return apiOk(null);
      }),
    );
    const controller = new AbortController();

    const call = api('slow', { signal: controller.signal });
    controller.abort();

    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('api(): 401', () => {
  it.each([
    ['GET', ApiPaths.profile],
    ['GET', '/user/teams'],
    ['POST', ApiPaths.logout],
    ['POST', ApiPaths.verifyAccount],
  ] as const)('%s %s: clears local storage and calls the unauthorized handler', async (method, path) => {
    signedIn();
    sessionStore.setPending('someone@example.test');
    localStorage.setItem('other.key', 'x');
    const handler = method === 'GET' ? http.get : http.post;
    server.use(handler(apiPath(path), () => apiError(401, 'Unauthenticated.')));

    await expect(api(path, { method })).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });

    expect(localStorage.length).toBe(0);
    expect(sessionStore.get()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each([ApiPaths.login, `/${ApiPaths.login}`])(
    'a 401 from %s is a failed sign-in: nothing is cleared and the handler is not called',
    async (path) => {
      sessionStore.setPending('someone@example.test', 123);
      localStorage.setItem('other.key', 'x');
      server.use(
        http.post(apiPath(ApiPaths.login), () => apiError(401, 'These credentials do not match our records.')),
      );

      await expect(api(path, { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 401,
        message: 'These credentials do not match our records.',
      });

      expect(onUnauthorized).not.toHaveBeenCalled();
      expect(localStorage.getItem('other.key')).toBe('x');
      expect(sessionStore.pending()).toEqual({ email: 'someone@example.test', sentAt: 123 });
    },
  );

  it.each([403, 404, 422, 500])('a %i does not sign the user out', async (status) => {
    signedIn();
    server.use(http.get(apiPath(ApiPaths.profile), () => apiError(status, 'Nope.')));

    await expect(api(ApiPaths.profile)).rejects.toMatchObject({ status });

    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(sessionStore.get()?.token).toBe('tok-abc');
  });
});
