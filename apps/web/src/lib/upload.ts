import { Endpoints, type ErrorBody, type PresignDto, type UploadPolicy, PostMessages } from '@rally/contract';
import { apiHeaders, call, failure, networkError } from './api-client';

/**
 * The API client's upload half (kept out of the entry chunk: the sign-in screens upload nothing).
 * Every upload goes through `upload()`: XMLHttpRequest, since fetch() reports no upload progress,
 * with the client's own headers and error handling (`failure` of api-client.ts), so a 401 during
 * an upload signs the user out as any other call does.
 */

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

export interface UploadOptions {
  method?: 'PUT' | 'POST';
  /** The body's type; a FormData sets its own. */
  contentType?: string;
  /** 0–99 while the body goes up (100 is the caller's to say, once the answer is in). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** The message of a failure whose body has none (a bucket answers in XML). */
  fallback?: (status: number) => string | undefined;
}

/** What a browser that does not know a file's type sends (the server judges the name and bytes). */
const UNKNOWN_TYPE = 'application/octet-stream';

/**
 * Sends `body` to `url` with progress and answers with the JSON body. The app's own URLs (the API,
 * local file storage) get the API's headers with the bearer token; another origin (a bucket's
 * signed URL) gets none, as its signature is its credential. A failure is the client's `ApiError`.
 */
export function upload<T = unknown>(
  url: string,
  body: Blob | FormData,
  { method = 'PUT', contentType, onProgress, signal, fallback }: UploadOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(method, url);
    if (new URL(url, window.location.origin).origin === window.location.origin)
      for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.addEventListener('progress', (e) => {
      // Short of 100 until the server has answered (it still checks the file).
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(99, Math.floor((e.loaded * 100) / e.total)));
    });
    xhr.addEventListener('load', () => {
      done();
      let json: (Partial<ErrorBody> & T) | null = null;
      try {
        json = JSON.parse(xhr.responseText) as Partial<ErrorBody> & T;
      } catch {
        // Not JSON (a bucket's XML, an empty answer): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as T);
      else {
        const message =
          typeof json?.message === 'string'
            ? json.message
            : (fallback?.(xhr.status) ?? `The upload failed (${xhr.status}). Please try again.`);
        reject(failure(xhr.status, { ...json, message }));
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(networkError());
    });
    xhr.addEventListener('abort', () => {
      done();
      reject((signal?.reason as Error | undefined) ?? new DOMException('The upload was cancelled.', 'AbortError'));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

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
  await upload(data.url, file, {
    contentType: type,
    onProgress,
    ...(signal ? { signal } : {}),
    // A bucket's 403 (in XML) is a link that expired.
    fallback: (status) => (status === 403 ? PostMessages.uploadExpired : undefined),
  });
  onProgress(100);
  return { key: data.key, media_type: data.media_type };
}
