import { createHmac, timingSafeEqual } from 'node:crypto';
import { Limits } from '@rally/contract';

/** Where stored files are read (GET) and, with local storage, written (PUT): outside /api. */
export const FILES_PREFIX = '/files/';

/**
 * Keys this module hands out: `teams/<id>/<32 hex>.png` (team pictures) and
 * `uploads/<team id>/<32 hex>.<ext>` (attachments, and what the media jobs make of them: an .mp4
 * or .m4a and a .jpg poster). Nothing else is ever a path on disk.
 */
const KEY = /^(?:[a-z]+\/\d+\/)[0-9a-f]{32}\.(?:png|jpg|webp|mp4|mp3|webm|weba|m4a)$/;
export const isStoredKey = (key: string): boolean => KEY.test(key);

export type SignedMethod = 'GET' | 'PUT';
export type Verdict = 'ok' | 'missing' | 'invalid' | 'expired';

/** Read URLs change once an hour, so a browser keeps its cached copy of a picture for that long. */
const READ_URL_STEP_SECONDS = 60 * 60;

/**
 * Signed, expiring URLs of stored files: an HMAC of the method, key and expiry time (seconds),
 * with a key derived from APP_SECRET for this one use. A GET URL cannot be used to PUT.
 */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('rally:file-urls:v1').digest();
  }

  private mac(method: SignedMethod, key: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${method}\n${key}\n${expires}`).digest('base64url');
  }

  /** `/files/<key>?expires=…&signature=…` for one method until `expires` (seconds since 1970). */
  url(method: SignedMethod, key: string, expires: number): string {
    return `${FILES_PREFIX}${key}?expires=${expires}&signature=${this.mac(method, key, expires)}`;
  }

  /**
   * A read URL valid for at least `Limits.downloadUrlTtlSeconds` (and less than an hour more):
   * the same URL for a key all hour long, so pages re-rendered with it hit the browser's cache.
   */
  readUrl(key: string): string {
    return this.url('GET', key, this.readExpiry());
  }

  /** When read URLs made now expire (seconds). */
  readExpiry(): number {
    const earliest = Math.floor(this.now() / 1000) + Limits.downloadUrlTtlSeconds;
    return Math.ceil(earliest / READ_URL_STEP_SECONDS) * READ_URL_STEP_SECONDS;
  }

  verify(method: SignedMethod, key: string, expires: unknown, signature: unknown): Verdict {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !expires || !signature) return 'missing';
    if (!/^\d{1,12}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.mac(method, key, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) * 1000 < this.now() ? 'expired' : 'ok';
  }

  /** Seconds until `expires` (a verified URL's). */
  secondsLeft(expires: string): number {
    return Math.max(0, Number(expires) - Math.floor(this.now() / 1000));
  }
}
