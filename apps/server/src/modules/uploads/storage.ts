import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Limits, Messages } from '@rally/contract';
import { AppError } from '../../http/errors.js';

/** Where uploaded files live. Local disk by default; an S3-compatible adapter has the same shape. */
export interface FileStorage {
  /** Stores the bytes under a new unguessable key below `folder`; returns the public URL. */
  put(folder: string, data: Buffer, ext: string): Promise<string>;
  /** Removes a file this storage handed out earlier (by its URL); unknown URLs are ignored. */
  remove(url: string | null): Promise<void>;
}

export const FILES_PREFIX = '/files/';

export function localDiskStorage(root: string): FileStorage {
  const resolveUrl = (url: string) => {
    if (!url.startsWith(FILES_PREFIX)) return undefined;
    const full = path.resolve(root, url.slice(FILES_PREFIX.length));
    return full.startsWith(path.resolve(root) + path.sep) ? full : undefined;
  };
  return {
    async put(folder, data, ext) {
      const key = `${folder}/${randomBytes(16).toString('hex')}.${ext}`;
      const full = path.join(root, key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, data);
      return `${FILES_PREFIX}${key}`;
    },
    async remove(url) {
      const full = url ? resolveUrl(url) : undefined;
      if (full) await rm(full, { force: true });
    },
  };
}

const SIGNATURES: { ext: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image's real type from its first bytes (never the client's word); 415 when it is not one. */
export function imageExtension(data: Buffer): string {
  if (data.length > Limits.imageMaxBytes) throw new AppError(413, 'file_too_large', Messages.imageTooLarge);
  const match = SIGNATURES.find((s) => s.test(data));
  if (!match) throw new AppError(415, 'unsupported_image', Messages.imageInvalid);
  return match.ext;
}
