import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { Limits } from '@rally/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database, MediaJobRow } from '../../db/schema.js';
import { recordEvent, transact } from '../../events/log.js';
import { poster, transcode } from './convert.js';
import { probe } from './probe.js';
import { MediaJobsRepository } from './repository.js';
import { ToolFailed } from './run.js';
import type { MediaTools } from './tools.js';

/** Attempts a job gets before its upload is marked `failed`. */
export const MAX_ATTEMPTS = 3;

/** The store the original is read from and the converted file and poster are written to. */
export interface MediaStore {
  get(key: string): Promise<Buffer>;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface MediaWorkerOptions {
  db: Kysely<Database>;
  tools: MediaTools;
  store: MediaStore;
  log: FastifyBaseLogger;
  /** Conversions at once in this process (MEDIA_JOB_CONCURRENCY). */
  concurrency: number;
  /** Looks for due jobs this often without being woken (retries, jobs of a process that died). */
  pollMs: number;
  /** How long a claim holds without renewal; renewed every third of it while ffmpeg runs. */
  leaseMs: number;
  /** Each ffmpeg run is killed after this long (the attempt fails). */
  timeoutMs: number;
  /** A failed attempt is tried again after this × its number. */
  retryMs: number;
  now?: () => number;
}

/** Why a run was stopped from outside: the process closes, or its lease went to another worker. */
type StopReason = 'shutdown' | 'lease lost';

const iso = (ms: number) => new Date(ms).toISOString();

/** What a job makes: an MP4 for video, AAC in MP4 (.m4a) for audio. */
const OUTPUT = { video: { ext: 'mp4', type: 'video/mp4' }, audio: { ext: 'm4a', type: 'audio/mp4' } } as const;

/**
 * Converts uploaded video and audio (ADR 0027). One worker per process claims jobs from
 * `media_jobs` with a lease it renews while ffmpeg runs, at most `concurrency` at a time, each
 * ffmpeg at lower priority than requests. A job queued in this process wakes it at its commit
 * (`wake`); a poll finds retries and the jobs of processes that died (their lease lapsed). On
 * close, running ffmpegs are killed and their jobs handed back at once, their attempt not counted.
 */
export class MediaWorker {
  /** This worker's name in `lease_holder`. */
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<number, { done: Promise<void>; stop: AbortController }>();
  private claiming: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private poll: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly jobs: MediaJobsRepository;

  constructor(private readonly o: MediaWorkerOptions) {
    this.now = o.now ?? Date.now;
    this.jobs = new MediaJobsRepository(o.db);
  }

  /** Starts the poll and looks for due jobs at once (those left by a restart). */
  start(): void {
    this.poll = setInterval(() => this.wake(), this.o.pollMs).unref();
    this.wake();
  }

  /** Looks for due jobs now (coalesced: one claim loop at a time, one more if woken meanwhile). */
  wake(): void {
    if (this.closed) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.claimLoop()
      .catch((err: unknown) => this.o.log.warn({ err }, 'media jobs not claimed; the next poll tries again'))
      .finally(() => {
        this.claiming = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves once this worker runs nothing and finds nothing due (tests; shutdown uses `close`). */
  async idle(): Promise<void> {
    while (this.claiming || this.running.size > 0)
      await Promise.all([this.claiming, ...[...this.running.values()].map((r) => r.done)]);
  }

  /** How many conversions run now. */
  get active(): number {
    return this.running.size;
  }

  /** Stops claiming, kills the ffmpegs under way and hands their jobs back (app close). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    for (const run of this.running.values()) run.stop.abort('shutdown' satisfies StopReason);
    await this.idle();
  }

  private async claimLoop(): Promise<void> {
    do {
      this.again = false;
      while (!this.closed && this.running.size < this.o.concurrency) {
        const now = this.now();
        const job = await this.claim(now);
        if (!job) break;
        this.begin(job);
      }
    } while (this.again && !this.closed);
  }

  private claim(now: number): Promise<MediaJobRow | undefined> {
    return this.jobs.claim(this.holder, iso(now), iso(now + this.o.leaseMs));
  }

  private begin(job: MediaJobRow): void {
    const stop = new AbortController();
    const done = this.run(job, stop).finally(() => {
      this.running.delete(job.id);
      this.wake(); // a slot is free
    });
    this.running.set(job.id, { done, stop });
  }

  private async run(job: MediaJobRow, stop: AbortController): Promise<void> {
    const repo = this.jobs;
    const renew = setInterval(
      () =>
        void repo
          .renew(job.id, this.holder, iso(this.now() + this.o.leaseMs))
          .then((held) => {
            if (!held) stop.abort('lease lost' satisfies StopReason);
          })
          .catch((err: unknown) => this.o.log.warn({ err, job: job.id }, 'media job lease not renewed')),
      Math.max(50, Math.floor(this.o.leaseMs / 3)),
    );
    renew.unref();
    try {
      if (job.attempts > MAX_ATTEMPTS) throw new Error(`gave up after ${MAX_ATTEMPTS} attempts (its worker stopped)`);
      await this.convert(job, stop.signal);
    } catch (err) {
      await this.failed(job, err, stop.signal.reason as StopReason | undefined);
    } finally {
      clearInterval(renew);
    }
  }

  /** Converts the job's upload and records the result; throws when an attempt fails. */
  private async convert(job: MediaJobRow, signal: AbortSignal): Promise<void> {
    const { db, tools, store, timeoutMs } = this.o;
    const repo = this.jobs;
    const upload = await db
      .selectFrom('uploads')
      .select(['key', 'media_type', 'team_id'])
      .where('key', '=', job.source_key)
      .executeTakeFirst();
    if (!upload || upload.media_type === 'photo') {
      // Its post was deleted meanwhile (the upload with it): nothing is left to do.
      await repo.finish(db, job.id, this.holder, { state: 'done', error: null, now: iso(this.now()) });
      return;
    }
    const kind = upload.media_type;
    const dir = await mkdtemp(path.join(tmpdir(), 'rally-media-'));
    const made: string[] = [];
    try {
      const input = path.join(dir, `in${path.extname(job.source_key)}`);
      await writeFile(input, await store.get(job.source_key));
      const source = await probe(tools, input, { signal, timeoutMs });
      if (kind === 'video' ? !source.video : !source.audio) throw new Error(`no ${kind} stream`);
      const maxSeconds = (kind === 'video' ? Limits.videoMaxSeconds : Limits.audioMaxSeconds) + Limits.mediaLengthSlackSeconds;
      const output = path.join(dir, `out.${OUTPUT[kind].ext}`);
      // Audio keeps no picture: an .m4a of its sound alone.
      await transcode(tools, input, output, kind === 'audio' ? { ...source, video: undefined } : source, {
        signal,
        timeoutMs,
        maxSeconds,
      });
      const result = await probe(tools, output, { signal, timeoutMs });
      const folder = path.posix.dirname(job.source_key);
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
      const outcome = await transact(db, async (trx) => {
        if (!(await repo.finish(trx, job.id, this.holder, { state: 'done', error: null, now: iso(this.now()) })))
          return 'lease lost';
        const res = await trx
          .updateTable('uploads')
          .set({ media_state: 'ready', playable_key: playableKey, poster_key: posterKey, duration_ms: durationMs })
          .where('key', '=', job.source_key)
          .executeTakeFirst();
        // Its post was deleted while ffmpeg ran: what was made goes too (`made`, below).
        if (Number(res.numUpdatedRows) === 0) return 'gone';
        await announce(trx, job.source_key, upload.team_id);
        return 'recorded';
      });
      // Another worker took the job over (this one's lease lapsed): its result stands, not this one.
      if (outcome === 'lease lost') throw Object.assign(new Error('lease lost'), { leaseLost: true });
      if (outcome === 'recorded') made.length = 0;
    } finally {
      await Promise.all(made.map((key) => store.remove(key).catch(() => undefined)));
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** After a failed attempt: queued again, failed for good (the upload too), or handed back on shutdown. */
  private async failed(job: MediaJobRow, err: unknown, stopped: StopReason | undefined): Promise<void> {
    const { db, log } = this.o;
    const repo = this.jobs;
    const now = this.now();
    const reason = describe(err);
    try {
      if (stopped === 'lease lost' || (err as { leaseLost?: boolean }).leaseLost) {
        log.warn({ job: job.id, key: job.source_key }, 'media job lease lost; another worker has it');
        return;
      }
      if (stopped === 'shutdown') {
        await repo.finish(db, job.id, this.holder, {
          state: 'queued',
          error: null,
          now: iso(now),
          availableAt: iso(now),
          giveBack: true,
        });
        return;
      }
      if (job.attempts < MAX_ATTEMPTS) {
        log.warn({ job: job.id, key: job.source_key, attempt: job.attempts, reason }, 'media job failed; tried again');
        await repo.finish(db, job.id, this.holder, {
          state: 'queued',
          error: reason,
          now: iso(now),
          availableAt: iso(now + this.o.retryMs * job.attempts),
          giveBack: false,
        });
        return;
      }
      log.error({ job: job.id, key: job.source_key, reason }, 'media job failed for good');
      await transact(db, async (trx) => {
        if (!(await repo.finish(trx, job.id, this.holder, { state: 'failed', error: reason, now: iso(now) }))) return;
        await trx.updateTable('uploads').set({ media_state: 'failed' }).where('key', '=', job.source_key).execute();
        await announce(trx, job.source_key, job.team_id);
      });
    } catch (e) {
      // The lease lapses and another attempt follows.
      log.error({ err: e, job: job.id }, 'media job outcome not recorded');
    }
  }
}

/** The end of ffmpeg's diagnostics, or the message: what the job row keeps of a failure. */
function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const detail = err instanceof ToolFailed && err.stderr ? `: ${err.stderr.trim().split('\n').slice(-3).join(' | ')}` : '';
  return (message + detail).slice(0, 1000);
}

/**
 * In the transaction that records a job's outcome: the timelines that show the file read afresh
 * (their cached pages must not keep `encoding`; ADR 0015) and members hear `media.ready` with the
 * post that shows it (its own media, or the post a comment of it is on), or null.
 */
async function announce(
  trx: Transaction<Database>,
  key: string,
  teamId: number,
): Promise<void> {
  const own = await trx
    .selectFrom('posts')
    .select('id')
    .where('media_key', '=', key)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  const commented = own
    ? undefined
    : await trx.selectFrom('comments').select('post_id').where('media_key', '=', key).executeTakeFirst();
  await trx
    .updateTable('team_timeline_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where((eb) =>
      eb.or([
        eb('team_id', '=', teamId),
        // A shared copy of the post in another team shows the same file.
        eb('team_id', 'in', eb.selectFrom('posts').select('team_id').where('media_key', '=', key)),
      ]),
    )
    .execute();
  await recordEvent(trx, { type: 'media.ready', team_id: teamId, post_id: own?.id ?? commented?.post_id ?? null });
}
