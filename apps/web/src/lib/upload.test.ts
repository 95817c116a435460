import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Routes, PostMessages } from '@rally/contract';
import { lastXhr, sentPut, stubXhr } from '../test/fake-xhr';
import { apiError, apiOk, apiUrl, authUser, server, testUser } from '../test/server';
import { ApiError, setUnauthorizedHandler } from './api-client';
import { sessionStore } from './session-storage';
import { upload, uploadFile } from './upload';

const presigned = {
  key: 'uploads/3/abc.png',
  url: '/files/uploads/3/abc.png?expires=1&signature=s',
  expires_at: '',
  media_type: 'photo',
};

beforeEach(() => stubXhr());
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => undefined);
});

describe('uploadFile', () => {
  it('presigns with the file name, type and size, then PUTs the file with progress', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(apiUrl(Routes.presignUpload), ({ request }) => {
        query = new URL(request.url).searchParams;
        return apiOk(presigned);
      }),
    );
    const file = new File([new Uint8Array(2000)], 'photo.png', { type: 'image/png' });
    const progress: number[] = [];
    const done = uploadFile(file, { teamId: 3, policy: 'team.celebration' }, (p) => progress.push(p));

    const xhr = await sentPut();
    expect(Object.fromEntries(query!)).toEqual({
      filename: 'photo.png',
      mime_type: 'image/png',
      file_size: '2000',
      resource_type: 'team',
      resource_id: '3',
      resource_policy: 'team.celebration',
    });
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(presigned.url);
    expect(xhr.headers['content-type']).toBe('image/png');
    expect(xhr.headers.authorization).toBeUndefined();
    expect(xhr.body).toBe(file);
    xhr.progress(500, 2000);
    xhr.progress(2000, 2000);
    xhr.answer(200, '{"data":{}}');

    await expect(done).resolves.toEqual({ key: presigned.key, media_type: 'photo' });
    expect(progress).toEqual([0, 25, 99, 100]);
  });

  it("rejects with the presign call's message (too big, wrong type) and sends nothing", async () => {
    server.use(http.get(apiUrl(Routes.presignUpload), () => apiError(413, PostMessages.uploadTooLarge)));
    const file = new File(['x'], 'big.png', { type: 'image/png' });
    const err = await uploadFile(file, { teamId: 3, policy: 'expression' }, () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(PostMessages.uploadTooLarge);
    expect(lastXhr()).toBeUndefined();
  });

  it("rejects with the PUT's JSON message (content not what the name says)", async () => {
    server.use(http.get(apiUrl(Routes.presignUpload), () => apiOk(presigned)));
    const done = uploadFile(new File(['x'], 'clip.mp4'), { teamId: 3, policy: 'expression' }, () => undefined);
    const xhr = await sentPut();
    expect(xhr.headers['content-type']).toBe('application/octet-stream');
    xhr.answer(415, JSON.stringify({ message: PostMessages.uploadContentMismatch, code: 'upload_content_mismatch' }));
    await expect(done).rejects.toMatchObject({ status: 415, message: PostMessages.uploadContentMismatch });
  });

  it("a bucket's XML 403 reads as an expired link", async () => {
    server.use(http.get(apiUrl(Routes.presignUpload), () => apiOk(presigned)));
    const done = uploadFile(
      new File(['x'], 'a.png', { type: 'image/png' }),
      { teamId: 3, policy: 'expression' },
      () => undefined,
    );
    (await sentPut()).answer(403, '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
    await expect(done).rejects.toMatchObject({ status: 403, message: PostMessages.uploadExpired });
  });

  it('an abort cancels the PUT', async () => {
    server.use(http.get(apiUrl(Routes.presignUpload), () => apiOk(presigned)));
    const controller = new AbortController();
    const done = uploadFile(
      new File(['x'], 'a.png'),
      { teamId: 3, policy: 'expression' },
      () => undefined,
      controller.signal,
    );
    const xhr = await sentPut();
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });
});

describe('upload goes through the API client', () => {
  it('a 401 on an upload signs the user out, as any other call does', async () => {
    sessionStore.signIn(authUser('token-123', testUser));
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    server.use(http.get(apiUrl(Routes.presignUpload), () => apiOk(presigned)));
    const done = uploadFile(new File(['x'], 'a.png'), { teamId: 3, policy: 'expression' }, () => undefined);
    const xhr = await sentPut();
    expect(xhr.headers.authorization).toBe('Bearer token-123'); // the app's own URL: the client's headers
    xhr.answer(401, JSON.stringify({ message: 'Unauthenticated.' }));
    await expect(done).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.token()).toBeNull();
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it("a bucket's signed URL (another origin) gets no bearer token", async () => {
    sessionStore.signIn(authUser('token-123', testUser));
    const done = upload('https://bucket.example.test/u/abc.png?X-Amz-Signature=s', new Blob(['x']), {
      contentType: 'image/png',
    });
    const xhr = await sentPut();
    expect(xhr.headers.authorization).toBeUndefined();
    xhr.answer(200, '');
    await expect(done).resolves.toBeNull();
  });
});
