import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MediaLimits } from '@rally/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Executor } from '../../db/schema.js';
import { recordEvent, transact } from '../../events/log.js';
import type { JobContext, WorkQueue } from '../../queue/work-queue.js';
import type { EngagementRepository } from '../engagement/repository.js';
import type { PostsRepository } from '../posts/repository.js';
import type { UploadsRepository } from '../uploads/repository.js';
import { poster, transcode } from './convert.js';
import { probe } from './probe.js';
import { ToolFailed } from './run.js';
import type { MediaTools } from './tools.js';

/** The work queue's queue of conversions (ADR 0027, 0039). */
export const MEDIA_CONVERT = 'media.convert';
/** Attempts a conversion gets before its upload is marked `failed`. */
export const MAX_ATTEMPTS = 3;

/** What a conversion job carries: the upload's key and its team. */
export interface MediaConvertPayload {
  source_key: string;
  team_id: number;
}

/** The job's key: one conversion of an upload queued, and one running, at a time. */
export const conversionKey = (sourceKey: string): string => `media:${sourceKey}`;

/**
 * Queues the conversion of upload `key` as part of `ex`, the transaction that attaches it
 * (`UploadsService.claim`): the job exists if and only if the attachment commits, and this
 * process's queue is woken at that commit.
 */
export function queueConversion(
  queue: Pick<WorkQueue, 'enqueue'>,
  ex: Executor,
  key: string,
  teamId: number,
): Promise<void> {
  const payload: MediaConvertPayload = { source_key: key, team_id: teamId };
  return queue.enqueue(ex, MEDIA_CONVERT, payload, { key: conversionKey(key) });
}

/** The store the original is read from and the converted file and poster are written to. */
export interface MediaStore {
  get(key: string): Promise<Buffer>;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface MediaConversionOptions {
  db: Kysely<Database>;
  tools: MediaTools;
  store: MediaStore;
  log: FastifyBaseLogger;
  /** The owners of what a conversion's end writes: the upload row, the timelines, the post named. */
  uploads: Pick<UploadsRepository, 'find' | 'markConverted' | 'markConversionFailed'>;
  posts: Pick<PostsRepository, 'withMedia' | 'raiseTimelinesShowing'>;
  comments: Pick<EngagementRepository, 'postCommentedWith'>;
  /** Conversions at once in this process (MEDIA_JOB_CONCURRENCY). */
  concurrency: number;
  /** How long a claim holds without renewal; renewed every third of it while ffmpeg runs. */
  leaseMs: number;
  /** A conversion still running after this is stopped, its ffmpeg killed (the attempt fails). */
  timeoutMs: number;
  /** A failed attempt is tried again after this × its number. */
  retryMs: number;
}

/** What a job makes: an MP4 for video, AAC in MP4 (.m4a) for audio. */
const OUTPUT = { video: { ext: 'mp4', type: 'video/mp4' }, audio: { ext: 'm4a', type: 'audio/mp4' } } as const;

/**
 * Converts uploaded video and audio (ADR 0027) as the `media.convert` queue of the work queue
 * (ADR 0039): the queue claims a job with a lease it renews while ffmpeg runs, runs at most
 * `concurrency` at once per process, aborts a run after `timeoutMs` or when its lease is lost
 * (the signal kills its ffmpeg), retries a failed attempt after `retryMs` × its number, fails
 * the job after MAX_ATTEMPTS (the upload is then `failed`, members told), and on close kills the
 * ffmpegs under way and hands their jobs back for the next process, their attempt not counted.
 */
export function defineMediaConversion(queue: Pick<WorkQueue, 'define'>, o: MediaConversionOptions): void {
  queue.define<MediaConvertPayload>({
    name: MEDIA_CONVERT,
    concurrency: o.concurrency,
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => o.retryMs * (i + 1)),
    leaseMs: o.leaseMs,
    timeoutMs: o.timeoutMs,
    onClose: 'abort',
    handle: (job, run) => convert(o, job, run),
    // Its last attempt failed (or its process died during each): the post shows no file.
    onFailed: async (job, trx) => {
      if (await o.uploads.markConversionFailed(job.source_key, trx)) await announce(o, trx, job);
    },
  });
}

/** Converts the job's upload and records the result; throws when the attempt fails. */
async function convert(o: MediaConversionOptions, job: MediaConvertPayload, run: JobContext): Promise<void> {
  const { db, tools, store, timeoutMs, log } = o;
  const { signal } = run;
  const key = job.source_key;
  const upload = await o.uploads.find(key);
  // Its post was deleted meanwhile (the upload with it), or a run of this job stopped after its
  // result was recorded (a shutdown, a lost lease): nothing is left to do.
  if (!upload || upload.media_type === 'photo' || upload.media_state === 'ready') return;
  const kind = upload.media_type;
  const started = Date.now();
  const dir = await mkdtemp(path.join(tmpdir(), 'rally-media-'));
  const made: string[] = [];
  try {
    const input = path.join(dir, `in${path.extname(key)}`);
    await writeFile(input, await store.get(key));
    const source = await probe(tools, input, { signal, timeoutMs });
    if (kind === 'video' ? !source.video : !source.audio) throw new Error(`no ${kind} stream`);
    const maxSeconds =
      (kind === 'video' ? MediaLimits.videoMaxSeconds : MediaLimits.audioMaxSeconds) +
      MediaLimits.mediaLengthSlackSeconds;
    const output = path.join(dir, `out.${OUTPUT[kind].ext}`);
    // Audio keeps no picture: an .m4a of its sound alone.
    await transcode(tools, input, output, kind === 'audio' ? { ...source, video: undefined } : source, {
      signal,
      timeoutMs,
      maxSeconds,
    });
    const result = await probe(tools, output, { signal, timeoutMs });
    const folder = path.posix.dirname(key);
    const playableKey = `${folder}/${randomBytes(16).toString('hex')}.${OUTPUT[kind].ext}`;
    let posterKey: string | null = null;
    let posterData: Buffer | undefined;
    if (kind === 'video') {
      const still = path.join(dir, 'poster.jpg');
      await poster(tools, output, still, result.duration, { signal, timeoutMs });
      posterData = await readFile(still);
      posterKey = `${folder}/${randomBytes(16).toString('hex')}.jpg`;
    }
    await store.put(playableKey, await readFile(output), OUTPUT[kind].type);
    made.push(playableKey);
    if (posterKey && posterData) {
      await store.put(posterKey, posterData, 'image/jpeg');
      made.push(posterKey);
    }
    const durationMs = Number.isFinite(result.duration) ? Math.round(result.duration * 1000) : null;
    const recorded = await transact(db, async (trx) => {
      // Gone (its post was deleted while ffmpeg ran) or recorded by another run of the job: what
      // this run made goes (`made`, below).
      if (
        !(await o.uploads.markConverted(
          key,
          { playable_key: playableKey, poster_key: posterKey, duration_ms: durationMs },
          trx,
        ))
      )
        return false;
      await announce(o, trx, job);
      return true;
    });
    if (recorded) {
      made.length = 0;
      log.info({ key, attempt: run.attempt, ms: Date.now() - started }, 'media converted');
    }
  } catch (err) {
    // What the job keeps of the failure: the end of ffmpeg's diagnostics with the message.
    throw err instanceof ToolFailed ? new Error(describe(err), { cause: err }) : err;
  } finally {
    await Promise.all(made.map((made) => store.remove(made).catch(() => undefined)));
    await rm(dir, { recursive: true, force: true });
  }
}

/** The message with the end of ffmpeg's diagnostics. */
function describe(err: ToolFailed): string {
  const detail = err.stderr ? `: ${err.stderr.trim().split('\n').slice(-3).join(' | ')}` : '';
  return (err.message + detail).slice(0, 1000);
}

/**
 * In the transaction that records a conversion's end: the timelines that show the file read
 * afresh (their cached pages must not keep `encoding`; ADR 0015) and members hear `media.ready`
 * with the post that shows it (its own media, or the post a comment of it is on), or null.
 */
async function announce(o: MediaConversionOptions, trx: Transaction<Database>, job: MediaConvertPayload) {
  const { source_key: key, team_id: teamId } = job;
  const postId = (await o.posts.withMedia(key, teamId, trx)) ?? (await o.comments.postCommentedWith(key, trx)) ?? null;
  await o.posts.raiseTimelinesShowing(trx, teamId, key);
  // Last: the event log's lock is held from here to the commit.
  await recordEvent(trx, { type: 'media.ready', team_id: teamId, post_id: postId });
}
