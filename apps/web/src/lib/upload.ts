import { Endpoints, type PresignDto, type UploadPolicy, PostMessages } from '@rally/contract';
import { ApiError, call } from './api-client';

/** Where an upload will be attached: a team, and what for (spec §7 Uploads). */
export interface UploadTarget {
  teamId: number;
  policy: UploadPolicy;
}

/** An uploaded file, to name as `media` (and `media_type`) in the post or comment. */
export interface UploadedFile {
  key: string;
  media_type: PresignDto['media_type'];
}

/** What a browser that does not know a file's type sends (the server judges the name and bytes). */
const UNKNOWN_TYPE = 'application/octet-stream';

/**
 * Uploads one file (spec §7 Uploads): asks the API for a signed URL, then PUTs the file there
 * with its type, reporting progress (0–100). The URL is the app's own (local storage) or a
 * bucket's (S3). Rejects with an `ApiError` carrying the server's message (too big, wrong type,
 * a file whose content is not what its name says, an expired link); an abort through `signal`
 * rejects with the signal's reason.
 */
export async function uploadFile(
  file: File,
  target: UploadTarget,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const type = file.type || UNKNOWN_TYPE;
  const { data } = await call(Endpoints.presignUpload, {
    query: {
      filename: file.name,
      mime_type: type,
      file_size: file.size,
      resource_type: 'team',
      resource_id: target.teamId,
      resource_policy: target.policy,
    },
    ...(signal ? { signal } : {}),
  });
  onProgress(0);
  await putFile(data.url, file, type, onProgress, signal);
  onProgress(100);
  return { key: data.key, media_type: data.media_type };
}

/** The server's message from an error answer: the API's JSON envelope, else a plain one. */
function errorOf(xhr: XMLHttpRequest): ApiError {
  let message: string | undefined;
  let code: string | undefined;
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string') message = body.message;
    if (typeof body.code === 'string') code = body.code;
  } catch {
    // A bucket answers in XML: its messages are not for people.
  }
  if (!message && xhr.status === 403) message = PostMessages.uploadExpired;
  return new ApiError(xhr.status, message ?? `The upload failed (${xhr.status}). Please try again.`, {}, code);
}

/** PUT with XMLHttpRequest: fetch() reports no upload progress. No credentials are sent: the URL is signed. */
function putFile(
  url: string,
  file: File,
  type: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', type);
    xhr.upload.addEventListener('progress', (e) => {
      // Short of 100 until the server has answered (it still checks the file).
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(99, Math.floor((e.loaded * 100) / e.total)));
    });
    xhr.addEventListener('load', () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(errorOf(xhr));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, 'Network error. Check your connection and try again.'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject((signal?.reason as Error | undefined) ?? new DOMException('The upload was cancelled.', 'AbortError'));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(file);
  });
}
