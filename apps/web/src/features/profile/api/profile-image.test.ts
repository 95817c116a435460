import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-storage';
import { sentPut, stubXhr } from '../../../test/fake-xhr';
import { authUser, testUser } from '../../../test/server';
import { sendProfileImage } from './profile';

beforeEach(() => stubXhr());
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => undefined);
});

describe('a profile picture upload', () => {
  it('is the API client’s upload: its headers, and a 401 signs the user out', async () => {
    sessionStore.signIn(authUser('token-123', testUser));
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    const done = sendProfileImage('avatar', new Blob(['png'], { type: 'image/png' }));
    const xhr = await sentPut();
    expect(xhr.method).toBe('POST');
    expect(xhr.headers['accept-version']).toBeDefined();
    xhr.answer(401, '');
    await expect(done).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.token()).toBeNull();
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('reports progress and answers the own profile', async () => {
    sessionStore.signIn(authUser('token-123', testUser));
    const progress: number[] = [];
    const done = sendProfileImage('cover', new Blob(['png'], { type: 'image/png' }), (p) => progress.push(p));
    const xhr = await sentPut();
    expect(xhr.headers.authorization).toBe('Bearer token-123');
    expect((xhr.body as FormData).get('cover')).toBeInstanceOf(Blob);
    xhr.progress(1, 2);
    xhr.answer(200, JSON.stringify({ data: { id: 1 }, message: 'Saved' }));
    await expect(done).resolves.toEqual({ data: { id: 1 }, message: 'Saved' });
    expect(progress).toEqual([50, 100]);
  });
});
