import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDispositionOfKey, contentTypeOfKey, type ObjectStore } from './storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, Ceph, R2, a local test server); AWS without it. */
  endpoint?: string | undefined;
  /** Without keys, the SDK's default chain (environment, instance role, …). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted services want this). */
  forcePathStyle: boolean;
}

/** Presigned read URLs change once an hour (the signing time is rounded), so browsers cache them. */
const SIGNING_STEP_MS = 60 * 60 * 1000;

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/**
 * An S3-compatible bucket through @aws-sdk/client-s3. Browsers PUT straight to the bucket with a
 * presigned URL that signs the Content-Type and Content-Length (so the size is the declared one);
 * the content is judged when the key is claimed (`UploadsService.claim`), and reads redirect to a
 * presigned GET. The bucket needs a CORS rule that lets the app's origin PUT with Content-Type.
 */
export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(
    readonly settings: S3Settings,
    private readonly now: () => number = Date.now,
  ) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // The SDK's default adds a CRC32 of the (empty) body to presigned PUTs, which S3 then
      // checks against the file and refuses; checksums only where an operation requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private get bucket() {
    return this.settings.bucket;
  }

  uploadUrl(key: string, contentType: string, size: number, expires: number): Promise<string> {
    const expiresIn = Math.max(1, expires - Math.floor(this.now() / 1000));
    return getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ContentLength: size }),
      { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
    );
  }

  /**
   * A presigned GET until `expires` (seconds), served as the key's type and disposition. Signed at the start of
   * the hour, so the same key gives the same URL all hour long.
   */
  downloadUrl(key: string, expires: number): Promise<string> {
    const signingDate = new Date(Math.floor(this.now() / SIGNING_STEP_MS) * SIGNING_STEP_MS);
    const expiresIn = Math.max(1, expires - Math.floor(signingDate.getTime() / 1000));
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentType: contentTypeOfKey(key),
        ResponseContentDisposition: contentDispositionOfKey(key),
      }),
      { expiresIn, signingDate },
    );
  }

  /** The origin browsers reach the bucket at (for the page's Content-Security-Policy). */
  async origin(): Promise<string> {
    return new URL(await this.downloadUrl('teams/0/probe.png', Math.floor(this.now() / 1000) + 60)).origin;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType }),
    );
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
      );
      const data = Buffer.from((await res.Body?.transformToByteArray()) ?? []);
      return data.subarray(0, bytes);
    } catch (err) {
      // An empty object has no byte 0: 416.
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
      throw err;
    }
  }

  async get(key: string): Promise<Buffer> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from((await res.Body?.transformToByteArray()) ?? []);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
