import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Limits, Messages, PostMessages } from '@rally/contract';
import { AppError, conflict } from '../../http/errors.js';
import { InvalidContent, reencodeImage } from './content.js';
import { MIME_OF_EXTENSION, SNIFF_BYTES, contentMatches, tooLarge, type MediaType } from './kinds.js';
import { isStoredKey, type UrlSigner } from './signing.js';

/**
 * Where stored files live: local disk (the default) or an S3-compatible bucket. Keys are made by
 * this module (`isStoredKey`); the database stores keys, never URLs, and presenters turn a key
 * into a signed, expiring URL (`UploadsService.urlOf`).
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** The URL the browser PUTs a file to, with its Content-Type, until `expires` (seconds since 1970). */
  uploadUrl(key: string, contentType: string, size: number, expires: number): Promise<string>;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored size, or undefined when nothing is stored under the key. */
  size(key: string): Promise<number | undefined>;
  /** The first `bytes` bytes (fewer for a smaller file). */
  head(key: string, bytes: number): Promise<Buffer>;
  /** The whole file (uploads are bounded: 50 MB at most). */
  get(key: string): Promise<Buffer>;
  /** Deletes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
}

export const contentTypeOfKey = (key: string): string =>
  MIME_OF_EXTENSION[path.extname(key).slice(1)] ?? 'application/octet-stream';

/**
 * How a stored file is served (issue 20): pictures, video and audio inline, anything else as a
 * download, never rendered by the browser; with a filename that needs no quoting (the key's).
 */
export const contentDispositionOfKey = (key: string): string => {
  const inline = /^(?:image|video|audio)\//.test(contentTypeOfKey(key));
  const filename = path.basename(key).replace(/[^\w.-]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${filename}"`;
};

export const contentMismatch = () => new AppError(415, 'upload_content_mismatch', PostMessages.uploadContentMismatch);

/**
 * What a streamed upload must be: at most and exactly `size` bytes of `mediaType`, and pass
 * `judge`, the full check of its content, which answers the bytes to store (a picture re-encoded).
 */
export interface Expected {
  size: number;
  mediaType: MediaType;
  judge: (data: Buffer) => Promise<Buffer>;
}

/** Files under a folder of the data directory, read and written through the app's signed URLs. */
export class LocalDiskStore implements ObjectStore {
  readonly kind = 'local' as const;

  constructor(
    readonly root: string,
    private readonly signer: UrlSigner,
  ) {}

  /** The file of a key; anything that is not a key this module makes never becomes a path. */
  pathOf(key: string): string {
    if (!isStoredKey(key)) throw new Error(`not a stored key: ${key}`);
    return path.join(this.root, key);
  }

  uploadUrl(key: string, _contentType: string, _size: number, expires: number): Promise<string> {
    return Promise.resolve(this.signer.url('PUT', key, expires));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, data, { flag: 'wx' });
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return undefined;
    }
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    const file = await open(this.pathOf(key), 'r');
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await file.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    if (isStoredKey(key)) await rm(this.pathOf(key), { force: true });
  }

  /**
   * Streams a request body to the key's file: never more than `expected.size` bytes (413 at the
   * first byte past it), the first bytes of the right kind (415 as soon as they are known), and
   * exactly that size in the end (400 for a short body), then the whole content (`expected.judge`),
   * whose answer is what is stored. The file appears under its key only when
   * all of it has arrived and passed (a hard link, so a second upload to the key fails with 409
   * instead of replacing it); a refused body leaves nothing behind. The rest of a refused body is
   * left in the request (the route discards it), which is not destroyed.
   */
  async receive(key: string, body: Readable, expected: Expected): Promise<number> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    const part = `${full}.${randomBytes(6).toString('hex')}.part`;
    const out = createWriteStream(part, { flags: 'wx' });
    let writeError: Error | undefined;
    out.on('error', (err) => (writeError ??= err));
    let size = 0;
    let head = Buffer.alloc(0);
    let judged = false;
    try {
      for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        if (writeError) throw writeError;
        size += chunk.length;
        if (size > expected.size) throw tooLarge();
        if (!judged) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          if (head.length >= SNIFF_BYTES) {
            if (!contentMatches(expected.mediaType, head)) throw contentMismatch();
            judged = true;
          }
        }
        if (!out.write(chunk)) await once(out, 'drain');
      }
      if (!judged && !contentMatches(expected.mediaType, head)) throw contentMismatch();
      if (size !== expected.size) throw new AppError(400, 'upload_incomplete', PostMessages.uploadIncomplete);
      out.end();
      await finished(out);
      const data = await readFile(part);
      const stored = await expected.judge(data);
      if (stored !== data) await writeFile(part, stored);
      try {
        await link(part, full);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST')
          throw conflict(PostMessages.uploadAlreadyReceived, 'upload_already_received');
        throw err;
      }
      return stored.length;
    } finally {
      out.destroy();
      await finished(out).catch(() => undefined); // closed (and so created) before it is removed
      await rm(part, { force: true });
    }
  }
}

/** Team pictures (and later other pictures the app stores whole): a key in, a key out. */
export interface FileStorage {
  /** Stores the bytes under a new unguessable key below `folder` (`teams/12`); returns the key. */
  put(folder: string, data: Buffer, ext: string): Promise<string>;
  /** Removes a stored key; null, and anything that is not a key, is ignored. */
  remove(key: string | null): Promise<void>;
}

export function fileStorage(store: ObjectStore): FileStorage {
  return {
    async put(folder, data, ext) {
      const key = `${folder}/${randomBytes(16).toString('hex')}.${ext}`;
      await store.put(key, data, contentTypeOfKey(key));
      return key;
    },
    async remove(key) {
      if (key && isStoredKey(key)) await store.remove(key);
    },
  };
}

/**
 * A profile or team picture as it is stored: decoded whole and re-encoded in its own format (PNG,
 * JPEG or WebP, never the client's word), without its metadata (`reencodeImage`). 413 over the
 * size limit, 415 for anything that is not such a picture.
 */
export async function storedPicture(data: Buffer): Promise<{ data: Buffer; ext: string }> {
  if (data.length > Limits.imageMaxBytes) throw new AppError(413, 'file_too_large', Messages.imageTooLarge);
  try {
    const picture = await reencodeImage(data, ['png', 'jpg', 'webp']);
    return { data: picture.data, ext: picture.format };
  } catch (err) {
    if (err instanceof InvalidContent) throw new AppError(415, 'unsupported_image', Messages.imageInvalid);
    throw err;
  }
}
