import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  Limits,
  type PresignDto,
  type PresignQuery,
  type UploadPolicy,
  PostMessages,
  PromptMessages,
} from '@rally/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Executor, UploadRow } from '../../db/schema.js';
import { transact } from '../../events/log.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { DAY } from '../../lib/clock.js';
import type { TeamAccess } from '../members/team-access.js';
import type { MediaTools } from '../media/tools.js';
import { InvalidContent, MediaTooLong, checkMedia, reencodeImage, type ImageFormat } from './content.js';
import { SNIFF_BYTES, contentMatches, judgeDeclared, kindOfKey, tooLarge, type MediaType } from './kinds.js';
import type { UploadsRepository } from './repository.js';
import type { S3Store } from './s3-store.js';
import { isStoredKey, type UrlSigner } from './signing.js';
import { contentTypeOfKey, type LocalDiskStore } from './storage.js';

export interface UploadsDeps {
  /** The database the uploads are recorded in (their writes' transactions are opened here). */
  db: Kysely<Database>;
  repo: UploadsRepository;
  access: TeamAccess;
  store: LocalDiskStore | S3Store;
  signer: UrlSigner;
  /** Storage quotas in bytes (config STORAGE_QUOTA_USER_MB / _TEAM_MB). */
  quota: { userBytes: number; teamBytes: number };
  /** ffprobe (content checks), and the conversion queued when a video or audio file is attached. */
  media: {
    tools: MediaTools;
    /** Queues the conversion of `key` as part of `ex` (the media module's `media.convert` job). */
    queueConversion: (ex: Executor, key: string, teamId: number) => Promise<void>;
  };
  log?: FastifyBaseLogger;
  now?: () => Date;
}

/** What a claimed key is. */
export interface ClaimedUpload {
  key: string;
  media_type: MediaType;
}

/** How a signed read URL is answered: the file from disk, or a redirect to the bucket. */
export type ReadTarget =
  { type: 'file'; root: string; key: string; maxAge: number } | { type: 'redirect'; url: string; maxAge: number };

/** A refused attachment: 422 on the field `media`, as the post and comment forms show it. */
const mediaError = (message: string, code: string) => new AppError(422, code, message, { media: [message] });
const expired = () => forbidden(PostMessages.uploadExpired, 'upload_url_expired');
const invalidContent = () => mediaError(PostMessages.uploadContentMismatch, 'upload_content_invalid');

/**
 * The full check of an upload's bytes, whatever its first bytes said: a picture is decoded and
 * re-encoded in its key's format (the answer is what is stored), a video or audio file must hold
 * a playable stream of its type within the length limit (ffprobe, `checkMedia`). 422 on `media`
 * otherwise: PostMessages.uploadContentMismatch for a picture, PromptMessages.noPlayableStream,
 * videoTooLong or audioTooLong for video and audio. The one judge of every way a file arrives.
 */
export async function judgeContent(tools: MediaTools, key: string, data: Buffer): Promise<Buffer> {
  const kind = kindOfKey(key);
  try {
    if (!kind) throw new InvalidContent(`no kind of file: ${key}`);
    if (kind.mediaType === 'photo') return (await reencodeImage(data, ['png', 'jpg'], kind.ext as ImageFormat)).data;
    await checkMedia(tools, kind.mediaType, kind.ext, data);
    return data;
  } catch (err) {
    if (err instanceof MediaTooLong)
      throw err.mediaType === 'video'
        ? mediaError(PromptMessages.videoTooLong, 'media_too_long')
        : mediaError(PromptMessages.audioTooLong, 'media_too_long');
    if (err instanceof InvalidContent)
      throw kind && kind.mediaType !== 'photo'
        ? mediaError(PromptMessages.noPlayableStream, 'media_not_playable')
        : invalidContent();
    throw err;
  }
}

/**
 * Whether an attached file of this key is converted (ADR 0027): every video and audio file but an
 * MP3, which every browser plays as it is (and has no picture to make a poster of).
 */
const converted = (key: string): boolean => {
  const kind = kindOfKey(key);
  return kind !== undefined && kind.mediaType !== 'photo' && kind.ext !== 'mp3';
};

/**
 * Uploads (spec §5 Files, §7 Uploads). A client asks for a signed URL (`presign`), PUTs the file
 * there, and names the key in the post or comment it creates; that module `claim`s the key in
 * its transaction. Presenters turn stored keys into signed, expiring read URLs (`urlOf`).
 *
 * The content decides, never the name or the declared type: with local storage the bytes are
 * judged as they arrive (`receive`); with S3 the browser PUTs straight to the bucket and the
 * bytes are judged when the key is claimed.
 */
export class UploadsService {
  private readonly now: () => Date;

  constructor(private readonly deps: UploadsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A key and a URL to PUT the file to, for a member of the team, after judging the declared file. */
  async presign(userId: number, q: PresignQuery): Promise<PresignDto> {
    const { access, repo, store } = this.deps;
    await access.viewer(userId, q.resource_id);
    const kind = judgeDeclared(q, q.resource_policy);
    await this.requireSpace(userId, q.resource_id, q.file_size);
    const key = `uploads/${q.resource_id}/${randomBytes(16).toString('hex')}.${kind.ext}`;
    const now = this.now();
    const expires = Math.floor(now.getTime() / 1000) + Limits.uploadUrlTtlSeconds;
    await transact(this.deps.db, (trx) =>
      repo.insert(
        {
          key,
          user_id: userId,
          team_id: q.resource_id,
          policy: q.resource_policy,
          media_type: kind.mediaType,
          declared_size: q.file_size,
          declared_mime: q.mime_type,
          stored_size: null,
          created_at: now.toISOString(),
          completed_at: null,
          attached_at: null,
        },
        trx,
      ),
    );
    // The bucket checks the Content-Type the browser sends against this one: it sends file.type.
    const url = await store.uploadUrl(key, q.mime_type, q.file_size, expires);
    return { key, url, expires_at: new Date(expires * 1000).toISOString(), media_type: kind.mediaType };
  }

  /**
   * Attach an upload: only by the user who uploaded it, only once, only for this team and a
   * policy in `policies`; bytes must have arrived and passed the content check. Marks it attached
   * inside `ex` (a Kysely transaction). Throws AppError 422 with field `media` and
   * PostMessages.uploadNotFound / uploadAlreadyUsed / uploadIncomplete / uploadContentMismatch
   * (uploadKeyInvalid for a key presigned for another policy, uploadTooLarge for an S3 object
   * bigger than declared).
   *
   * With S3 storage the first claim of a key reads the object back from the bucket (its size,
   * first bytes, then all of it, inside `ex`), judges it as a local upload is judged on arrival,
   * writes a re-encoded picture back, and deletes an object that fails.
   *
   * A video or audio file (but an MP3) is then `encoding` and its conversion job is queued, both
   * inside `ex`: the job exists if and only if the attachment commits, and the work queue is
   * woken at that commit. What names the key shows it once the job is done.
   */
  async claim(
    ex: Executor,
    userId: number,
    key: string,
    teamId: number,
    policies: readonly UploadPolicy[],
  ): Promise<ClaimedUpload> {
    const { repo } = this.deps;
    const row = await repo.find(key, ex);
    // Someone else's key, or one for another team, is no upload of theirs: nothing is revealed.
    if (!row || row.user_id !== userId || row.team_id !== teamId)
      throw mediaError(PostMessages.uploadNotFound, 'upload_not_found');
    if (!policies.includes(row.policy)) throw mediaError(PostMessages.uploadKeyInvalid, 'upload_wrong_policy');
    if (row.attached_at) throw mediaError(PostMessages.uploadAlreadyUsed, 'upload_already_used');
    if (!row.completed_at) await this.checkStored(row, ex);
    const now = this.now().toISOString();
    if (!(await repo.markAttached(key, now, ex)))
      throw mediaError(PostMessages.uploadAlreadyUsed, 'upload_already_used');
    if (converted(key)) {
      await repo.markEncoding(key, ex);
      await this.deps.media.queueConversion(ex, key, row.team_id);
    }
    return { key, media_type: row.media_type };
  }

  /**
   * 413 when `bytes` more would pass the user's storage quota, or the team's (when one is named).
   * Counts every upload row (see `UploadsRepository.bytesUsed`); profile and team pictures, one
   * per slot and replaced in place, are checked against the quota but not counted.
   */
  async requireSpace(userId: number, teamId: number | undefined, bytes: number): Promise<void> {
    const { repo, quota } = this.deps;
    if ((await repo.bytesUsed({ user_id: userId })) + bytes > quota.userBytes)
      throw new AppError(413, 'user_storage_full', PostMessages.userStorageFull);
    if (teamId !== undefined && (await repo.bytesUsed({ team_id: teamId })) + bytes > quota.teamBytes)
      throw new AppError(413, 'team_storage_full', PostMessages.teamStorageFull);
  }

  /**
   * S3: judges the object the browser PUT to the bucket (size, first bytes, then all of it), writes
   * back a re-encoded picture, and records it.
   */
  private async checkStored(row: UploadRow, ex: Executor): Promise<void> {
    const { store, repo } = this.deps;
    const incomplete = () => mediaError(PostMessages.uploadIncomplete, 'upload_incomplete');
    if (store.kind === 'local') throw incomplete(); // bytes are judged on arrival there
    const size = await store.size(row.key);
    if (size === undefined) throw incomplete();
    if (size !== row.declared_size) {
      await store.remove(row.key);
      throw size > row.declared_size
        ? mediaError(PostMessages.uploadTooLarge, 'upload_too_large')
        : mediaError(PostMessages.uploadIncomplete, 'upload_incomplete');
    }
    if (!contentMatches(row.media_type, await store.head(row.key, SNIFF_BYTES))) {
      await store.remove(row.key);
      throw mediaError(PostMessages.uploadContentMismatch, 'upload_content_mismatch');
    }
    const data = await store.get(row.key);
    let judged: Buffer;
    try {
      judged = await judgeContent(this.deps.media.tools, row.key, data);
    } catch (err) {
      await store.remove(row.key);
      throw err;
    }
    if (judged !== data) await store.put(row.key, judged, contentTypeOfKey(row.key));
    await repo.markCompleted(row.key, judged.length, this.now().toISOString(), ex);
  }

  /**
   * A signed, expiring URL for reading a stored key (synchronous, cheap HMAC). null → null.
   * Bound, so presenters may take it as a plain function (`presentPost(row, uploads.urlOf)`).
   */
  readonly urlOf = (key: string | null): string | null =>
    key && isStoredKey(key) ? this.deps.signer.readUrl(key) : null;

  /**
   * Deletes stored files of keys no longer used (e.g. when a post is deleted), with what their
   * conversion made (the playable file and poster); best effort. A conversion still queued finds
   * its upload gone and does nothing; one under way removes what it made.
   */
  async remove(keys: readonly string[]): Promise<void> {
    const { store, repo, log } = this.deps;
    const named = [...new Set(keys.filter(isStoredKey))];
    let derived: string[] = [];
    try {
      derived = await repo.derivedKeys(named);
    } catch (err) {
      log?.warn({ err }, 'converted files of removed uploads not found');
    }
    const valid = [...named, ...derived.filter(isStoredKey)];
    const results = await Promise.allSettled(valid.map((key) => store.remove(key)));
    for (const [i, r] of results.entries())
      if (r.status === 'rejected') log?.warn({ err: r.reason, key: valid[i] }, 'stored file not removed');
    try {
      if (named.length) await transact(this.deps.db, (trx) => repo.deleteKeys(named, trx));
    } catch (err) {
      log?.warn({ err }, 'upload rows not removed');
    }
  }

  /** The keys uploaded to a team: read before it is deleted, removed after (`remove`). */
  keysOfTeam(teamId: number, ex?: Executor): Promise<string[]> {
    return this.deps.repo.keysOfTeam(teamId, ex);
  }

  /** Removes uploads never attached within `olderThanMs` (abandoned forms); how many. */
  async purgeUnattached(olderThanMs: number = DAY, batch = 500): Promise<number> {
    const before = new Date(this.now().getTime() - olderThanMs).toISOString();
    const keys = await this.deps.repo.unattachedBefore(before, batch);
    await this.remove(keys);
    return keys.length;
  }

  /**
   * The local PUT of a signed upload URL: the bytes of a presigned key, judged as they arrive
   * (see `LocalDiskStore.receive`). 403 for an expired or forged URL; 409 once received.
   */
  async receive(
    key: string,
    query: { expires?: unknown; signature?: unknown },
    body: Readable,
    contentLength: number | undefined,
  ): Promise<ClaimedUpload> {
    const { store, signer, repo } = this.deps;
    if (store.kind !== 'local' || !isStoredKey(key)) throw notFound();
    if (signer.verify('PUT', key, query.expires, query.signature) !== 'ok') throw expired();
    const row = await repo.find(key);
    if (!row) throw notFound(PostMessages.uploadNotFound);
    if (row.completed_at) throw new AppError(409, 'upload_already_received', PostMessages.uploadAlreadyReceived);
    if (contentLength !== undefined && contentLength > row.declared_size) throw tooLarge();
    const size = await store.receive(key, body, {
      size: row.declared_size,
      mediaType: row.media_type,
      judge: (data) => judgeContent(this.deps.media.tools, key, data),
    });
    await repo.markCompleted(key, size, this.now().toISOString());
    return { key, media_type: row.media_type };
  }

  /**
   * Where a signed read URL leads: 404 without a signature (as an unknown file), 403 when it is
   * forged or has expired; else the file (local) or a presigned GET of the bucket (S3), with how
   * long the answer may be cached (until the URL expires).
   */
  async readTarget(key: string, query: { expires?: unknown; signature?: unknown }): Promise<ReadTarget> {
    const { store, signer } = this.deps;
    if (!isStoredKey(key)) throw notFound();
    const verdict = signer.verify('GET', key, query.expires, query.signature);
    if (verdict === 'missing') throw notFound();
    if (verdict !== 'ok') throw expired();
    const expires = Number(query.expires);
    const maxAge = signer.secondsLeft(String(expires));
    if (store.kind === 'local') return { type: 'file', root: store.root, key, maxAge };
    return { type: 'redirect', url: await store.downloadUrl(key, expires), maxAge };
  }

  /**
   * A file that came in a multipart form rather than through a signed URL (a team video or a
   * slideshow's images, issue 22): judged as a PUT of a presigned key is (its name and declared
   * type, the size limit of its kind, the quotas, its first bytes, then all of it), stored, and
   * recorded as a complete upload of `policy` for the team, ready for `claim` in the caller's
   * transaction. An upload never claimed is swept like any other (`purgeUnattached`).
   */
  async acceptFile(
    userId: number,
    teamId: number,
    policy: UploadPolicy,
    file: { filename: string; mimetype: string; data: Buffer },
  ): Promise<ClaimedUpload> {
    const { repo, store } = this.deps;
    const kind = judgeDeclared(
      { filename: file.filename, mime_type: file.mimetype || 'application/octet-stream', file_size: file.data.length },
      policy,
    );
    await this.requireSpace(userId, teamId, file.data.length);
    if (!contentMatches(kind.mediaType, file.data.subarray(0, SNIFF_BYTES))) throw invalidContent();
    const key = `uploads/${teamId}/${randomBytes(16).toString('hex')}.${kind.ext}`;
    const judged = await judgeContent(this.deps.media.tools, key, file.data);
    await store.put(key, judged, kind.mime);
    const now = this.now().toISOString();
    await transact(this.deps.db, (trx) =>
      repo.insert(
        {
          key,
          user_id: userId,
          team_id: teamId,
          policy,
          media_type: kind.mediaType,
          declared_size: file.data.length,
          declared_mime: kind.mime,
          stored_size: judged.length,
          created_at: now,
          completed_at: now,
          attached_at: null,
        },
        trx,
      ),
    );
    return { key, media_type: kind.mediaType };
  }
}
