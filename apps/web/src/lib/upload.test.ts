import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Routes, PostMessages } from '@rally/contract';
import { apiError, apiOk, apiUrl, server } from '../test/server';
import { ApiError } from './api-client';
import { uploadFile } from './upload';

/** A stand-in XMLHttpRequest: records the PUT, lets the test report progress and answer. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | undefined;
  readonly upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  answer(status: number, body = '') {
    this.status = status;
    this.responseText = body;
    this.dispatchEvent(new Event('load'));
  }
}

/** Waits until the PUT has been sent. */
async function sentPut(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.last?.body).toBeDefined());
  return FakeXhr.last!;
}

const presigned = {
  key: 'uploads/3/abc.png',
  url: '/files/uploads/3/abc.png?expires=1&signature=s',
  expires_at: '',
  media_type: 'photo',
};

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

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
    expect(FakeXhr.last).toBeUndefined();
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
