import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation, type DialectName } from '../db/dialect.js';
import type { Database, Executor } from '../db/schema.js';
import { afterCommit, transact } from '../events/log.js';
import { JobsRepository, type JobRow, type NewJob } from './repository.js';

/** What a handler is told of the run it does. */
export interface JobContext {
  id: number;
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted when the run must stop: its timeout passed, its lease was lost, or the process closes. */
  signal: AbortSignal;
}

/** A kind of work: its handler and how it is run. */
export interface QueueDefinition<P = unknown> {
  /** The queue's name, e.g. `mail.deliver` (module, dot, what). */
  name: string;
  handle(payload: P, job: JobContext): Promise<void>;
  /** Runs of this queue one process does at once (default 1). */
  concurrency?: number;
  /**
   * Claimed before the other queues at each pass: someone is waiting on it now (the realtime
   * delivery of an event). Each claim is a commit, so the last queue's job starts a few commits
   * later than the first's.
   */
  urgent?: boolean;
  /** Attempts before the job is failed for good (default 5). */
  maxAttempts?: number;
  /** Wait before the 2nd, 3rd, … attempt; the last entry repeats (default 1 s, 10 s, 1 min, 10 min). */
  backoffMs?: readonly number[];
  /** How long a claim holds unless renewed; renewed every third of it while the run lasts (default 30 s). */
  leaseMs?: number;
  /** A run still going after this is aborted and counts as a failed attempt (default: none). */
  timeoutMs?: number;
  /**
   * What a shutdown does to a run under way: `finish` waits for it (short work: a mail, a drain
   * of events), `abort` aborts it and hands the job back for the next process (a conversion).
   */
  onClose?: 'finish' | 'abort';
  /** False: this process queues such jobs but runs none (another process does). */
  enabled?: boolean;
  /**
   * Runs when a job is failed for good (its last attempt failed, it threw a PermanentJobError, or
   * its process died during each attempt), in the transaction that marks it failed, with the last
   * error: the module records what that failure means (an upload that will not play). Not run when
   * the run lost its lease meanwhile (the process that has it decides). If it throws, the job is
   * not failed: its lease lapses and the next claim fails it again (and runs this again).
   */
  onFailed?(payload: P, trx: Transaction<Database>, error: string): Promise<void>;
}

/** A periodic job: resolves to how much it did (logged when > 0), or nothing. */
export type PeriodicRun = () => Promise<number | void>;

export interface PeriodicOptions {
  /** Run once at start as well, not only after the first interval. */
  atStart?: boolean;
  /** The log line when a run did something (`{ job, done: n }` beside it). */
  didWork?: string;
}

/** Throw from a handler when trying again cannot help (a refused address, a file that is not media). */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface WorkQueueOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  log: FastifyBaseLogger;
  /** Run periodic jobs (false in tests, which run them by hand: `runPeriodic`). */
  periodic?: boolean;
  /** The PostgreSQL channel every enqueue notifies on; the process's listener wakes `wake()`. */
  channel?: string | undefined;
  now?: () => number;
}

const DEFAULT_BACKOFF = [1_000, 10_000, 60_000, 600_000] as const;
const DEFAULT_LEASE_MS = 30_000;
/** The longest a queue sleeps without looking (delayed jobs due later are woken by their own timer). */
const MAX_SLEEP_MS = 60_000;

interface Queue {
  def: QueueDefinition<never>;
  running: Map<number, { done: Promise<void>; stop: AbortController }>;
}

interface Periodic {
  name: string;
  ms: number;
  run: PeriodicRun;
  options: PeriodicOptions;
  /** Failures in a row: only the first is logged with its stack. */
  failures: number;
}

/** The wait before the attempt after `attempt` (from 1): the back-off's entry for it, the last one repeating. */
export const backoffAfter = (backoffMs: readonly number[], attempt: number): number =>
  backoffMs[Math.min(attempt, backoffMs.length) - 1] ?? 1_000;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const iso = (ms: number) => new Date(ms).toISOString();
const periodicKey = (name: string) => `every:${name}`;

/**
 * The one durable work queue (docs/adr/0039-work-queue.md). Everything that runs after a write
 * or on a schedule is a job here: queued in the write's transaction (`enqueue`), claimed by one
 * process with a lease it renews, retried with back-off, failed for good after its attempts and
 * kept to be listed (`failed`) and queued again (`retry`).
 * It is woken at the commit of a transaction that queued work (this process), by the process's
 * listener on the database (PostgreSQL NOTIFY, sent by `enqueue`) and its poll (`wake`, the
 * floor for SQLite shared by processes), and by a timer for the next delayed job.
 */
export class WorkQueue {
  private readonly queues = new Map<string, Queue>();
  private readonly periodicJobs = new Map<string, Periodic>();
  private readonly repo: JobsRepository;
  /** This process, as a lease holder. */
  private readonly holder = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly now: () => number;
  private started = false;
  private closed = false;
  private readonly held = new Set<string>();
  private claiming: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;

  constructor(private readonly o: WorkQueueOptions) {
    this.repo = new JobsRepository(o.db, o.dialect);
    this.now = o.now ?? Date.now;
  }

  /** Registers the handler of a queue. */
  define<P>(def: QueueDefinition<P>): void {
    if (this.queues.has(def.name)) throw new Error(`queue ${def.name} is defined already`);
    this.queues.set(def.name, { def: def, running: new Map() });
  }

  /**
   * Runs `run` every `ms`: a keyed job queued again at the end of each run, so one process runs it
   * at a time across processes and a run never overlaps itself; the next is timed from the end of
   * the last. A failure is logged and the next run follows as usual.
   */
  every(name: string, ms: number, run: PeriodicRun, options: PeriodicOptions = {}): void {
    if (this.periodicJobs.has(name)) throw new Error(`job ${name} is scheduled already`);
    this.periodicJobs.set(name, { name, ms, run, options, failures: 0 });
    this.define({
      name: periodicKey(name),
      // A run cut short by its process's death is run again, up to twice (its failures are logged, not retried).
      maxAttempts: 3,
      handle: () => this.runPeriodicOnce(name),
    });
    if (this.started)
      void this.chain(this.periodicJobs.get(name)!)
        .then(() => this.wake())
        .catch((err: unknown) => this.o.log.error({ err, job: name }, 'periodic job not queued'));
  }

  /** Queues the first run of a periodic job unless its chain is queued or running already. */
  private async chain(job: Periodic): Promise<void> {
    if (this.o.periodic === false) return;
    const key = periodicKey(job.name);
    // A chain already queued or running (another process, or before a restart) is kept.
    if ((await this.repo.keyed(key)).length > 0) return;
    const now = this.now();
    await this.repo.insert(
      this.o.db,
      [{ queue: key, key, payload: null, runAt: iso(job.options.atStart ? now : now + job.ms) }],
      iso(now),
    );
  }

  /** The names of the periodic jobs. */
  get periodic(): string[] {
    return [...this.periodicJobs.keys()];
  }

  /** Runs periodic job `name` now, in this process (tests; an operator's script). */
  async runPeriodic(name: string): Promise<number | void> {
    const job = this.periodicJobs.get(name);
    if (!job) throw new Error(`no periodic job ${name}`);
    return job.run();
  }

  /**
   * Queues a job as part of `ex`, a transaction of `transact` (it exists if and only if that
   * commits, and the queue is woken at the commit) or the database (queued at once).
   */
  async enqueue(
    ex: Executor,
    queue: string,
    payload: unknown,
    options: { key?: string; delayMs?: number } = {},
  ): Promise<void> {
    await this.enqueueMany(ex, [{ queue, payload, key: options.key, delayMs: options.delayMs }]);
  }

  async enqueueMany(
    ex: Executor,
    jobs: readonly { queue: string; payload: unknown; key?: string | undefined; delayMs?: number | undefined }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    const now = this.now();
    const rows: NewJob[] = jobs.map((job) => ({ ...job, runAt: iso(now + (job.delayMs ?? 0)) }));
    await this.repo.insert(ex, rows, iso(now));
    if (this.o.channel && this.o.dialect === 'postgres') await JobsRepository.notify(ex, this.o.channel);
    afterCommit(ex, () => this.wake());
  }

  /** Starts running: queues the periodic jobs that are not queued yet, then claims what is due. */
  async start(): Promise<void> {
    this.started = true;
    for (const job of this.periodicJobs.values()) await this.chain(job);
    this.wake();
  }

  /** Claims and runs what is due (coalesced: one pass at a time, one more if woken meanwhile). */
  wake(): void {
    if (!this.started || this.closed) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = (async () => {
      do {
        this.again = false;
        try {
          await this.claimDue();
        } catch (err) {
          this.o.log.warn({ err }, 'jobs not claimed; the next wake tries again');
        }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.claiming = undefined;
    });
  }

  /** Tests: claim none of these queues until `resume` (jobs keep being queued). */
  hold(...queues: string[]): void {
    for (const q of queues) this.held.add(q);
  }

  resume(...queues: string[]): void {
    for (const q of queues) this.held.delete(q);
    this.wake();
  }

  isHeld(queue: string): boolean {
    return this.held.has(queue);
  }

  /**
   * Resolves once nothing runs in this process and no job of a queue it runs is due (work
   * queued by work included): for tests and for scripts that must see the effects.
   */
  async idle(): Promise<void> {
    const mine = () =>
      [...this.queues.values()]
        .filter((q) => q.def.enabled !== false && !this.held.has(q.def.name) && !q.def.name.startsWith('every:'))
        .map((q) => q.def.name);
    for (;;) {
      const running = [...this.queues.values()].flatMap((q) => [...q.running.values()].map((r) => r.done));
      if (this.claiming) running.push(this.claiming);
      if (running.length > 0) {
        await Promise.all(running);
        continue;
      }
      if (this.closed || !this.started || !(await this.repo.busy(mine(), iso(this.now())))) return;
      this.wake();
      await this.claiming;
      // A keyed job waiting behind a run of another process: look again in a moment.
      if ([...this.queues.values()].every((q) => q.running.size === 0))
        await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Failed jobs, newest first (of one queue when given). */
  failed(queue?: string) {
    return this.repo.failed(queue);
  }

  /** Queues a failed job again; false if it is not failed. */
  async retry(id: number): Promise<boolean> {
    const done = await this.repo.requeue(id, iso(this.now()));
    if (done) this.wake();
    return done;
  }

  /** Queued jobs per queue and the oldest one's due time. */
  depth() {
    return this.repo.depth();
  }

  /** Stops claiming; waits for the runs under way (those of `onClose: 'abort'` are stopped and handed back). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.claiming;
    const runs: Promise<void>[] = [];
    for (const q of this.queues.values())
      for (const run of q.running.values()) {
        if (q.def.onClose === 'abort') run.stop.abort('shutdown');
        runs.push(run.done);
      }
    await Promise.all(runs);
  }

  private async claimDue(): Promise<void> {
    const now = this.now();
    const { counts, next } = await this.repo.due(iso(now));
    const urgentFirst = [...counts].sort(
      ([a], [b]) => Number(this.queues.get(b)?.def.urgent ?? false) - Number(this.queues.get(a)?.def.urgent ?? false),
    );
    for (const [name, count] of urgentFirst) await this.claimFrom(name, count, now);
    if (next !== undefined) this.armTimer(Date.parse(next));
  }

  /** Claims up to `count` due jobs of queue `name` that this process may run now, and runs them. */
  private async claimFrom(name: string, count: number, now: number): Promise<void> {
    const q = this.queues.get(name);
    if (!q || q.def.enabled === false || this.held.has(name)) return;
    if (name.startsWith('every:') && this.o.periodic === false) return;
    const free = (q.def.concurrency ?? 1) - q.running.size;
    if (free <= 0 || count <= 0) return;
    let rows: JobRow[];
    try {
      rows = await this.repo.claim(
        name,
        this.holder,
        Math.min(free, count),
        iso(now),
        iso(now + (q.def.leaseMs ?? DEFAULT_LEASE_MS)),
      );
    } catch (err) {
      // Two processes took jobs of one key at once (PostgreSQL): the loser looks again soon.
      if (!isUniqueViolation(err)) throw err;
      this.armTimer(now + 50);
      return;
    }
    for (const row of rows) this.begin(q, row);
  }

  /** Wakes the queue at `at` (ms), unless a timer wakes it sooner already. */
  private armTimer(at: number): void {
    const delay = Math.min(Math.max(0, at - this.now()), MAX_SLEEP_MS);
    const when = Date.now() + delay;
    if (this.timer && this.timerAt <= when) return;
    clearTimeout(this.timer);
    this.timerAt = when;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
      this.wake();
    }, delay).unref();
  }

  private begin(q: Queue, row: JobRow): void {
    const stop = new AbortController();
    const done = this.run(q, row, stop)
      .catch((err: unknown) => this.o.log.error({ err, queue: q.def.name, job: row.id }, 'job bookkeeping failed'))
      .finally(() => {
        q.running.delete(row.id);
        // A slot is free: what waits behind it goes now.
        this.wake();
      });
    q.running.set(row.id, { done, stop });
  }

  private async run(q: Queue, row: JobRow, stop: AbortController): Promise<void> {
    const { def } = q;
    const maxAttempts = def.maxAttempts ?? 5;
    const log = this.o.log;
    if (row.attempts > maxAttempts) {
      // Its process died during each attempt (a job that kills its worker must not loop for ever).
      await this.fail(def, row, row.last_error ?? 'interrupted (the process stopped)');
      log.error(
        { queue: def.name, job: row.id, attempts: row.attempts - 1 },
        `job ${def.name} ${row.id} failed for good: interrupted`,
      );
      return;
    }
    const leaseMs = def.leaseMs ?? DEFAULT_LEASE_MS;
    const renewal = setInterval(
      () =>
        void this.repo
          .renew(row.id, this.holder, iso(this.now() + leaseMs))
          .then((held) => {
            if (!held) stop.abort('lease lost');
          })
          .catch((err: unknown) => log.warn({ err, queue: def.name, job: row.id }, 'job lease not renewed')),
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    const timeout = def.timeoutMs ? setTimeout(() => stop.abort('timeout'), def.timeoutMs) : undefined;
    let error: unknown;
    try {
      await def.handle(JSON.parse(row.payload) as never, { id: row.id, attempt: row.attempts, signal: stop.signal });
    } catch (err) {
      error = err ?? new Error('job failed');
    } finally {
      clearInterval(renewal);
      clearTimeout(timeout);
    }
    const reason = stop.signal.aborted ? String(stop.signal.reason) : undefined;
    if (reason === 'lease lost') {
      log.warn({ queue: def.name, job: row.id }, 'job lease lost; another process has it');
      return;
    }
    if (reason === 'shutdown') {
      await this.repo.handBack(row.id, this.holder, iso(this.now()));
      return;
    }
    if (error === undefined) {
      await this.repo.finish(this.o.db, row.id, this.holder);
      return;
    }
    const message = reason === 'timeout' ? `timed out after ${def.timeoutMs} ms` : messageOf(error);
    if (error instanceof PermanentJobError || row.attempts >= maxAttempts) {
      await this.fail(def, row, message);
      log.error(
        { err: error, queue: def.name, job: row.id, attempts: row.attempts },
        `job ${def.name} ${row.id} failed for good after ${row.attempts} attempts: ${message}`,
      );
      return;
    }
    const runAt = this.now() + backoffAfter(def.backoffMs ?? DEFAULT_BACKOFF, row.attempts);
    await this.repo.retry(row.id, this.holder, message, iso(runAt));
    log.warn(
      { err: error, queue: def.name, job: row.id, attempts: row.attempts, nextAttemptAt: iso(runAt) },
      `job ${def.name} ${row.id} failed (attempt ${row.attempts} of ${maxAttempts}), trying again at ${iso(runAt)}: ${message}`,
    );
    this.armTimer(runAt);
  }

  /** Fails a job for good, with its definition's `onFailed` in the same transaction. */
  private async fail(def: QueueDefinition<never>, row: JobRow, error: string): Promise<void> {
    const now = iso(this.now());
    if (!def.onFailed) {
      await this.repo.fail(this.o.db, row.id, this.holder, error, now);
      return;
    }
    await transact(this.o.db, async (trx) => {
      if (await this.repo.fail(trx, row.id, this.holder, error, now))
        await def.onFailed!(JSON.parse(row.payload) as never, trx, error);
    });
  }

  /** One run of a periodic job, then its next one queued (in one transaction with the row's end). */
  private async runPeriodicOnce(name: string): Promise<void> {
    const job = this.periodicJobs.get(name)!;
    try {
      const done = await job.run();
      if (job.failures > 0) this.o.log.info({ job: name, failures: job.failures }, 'job recovered');
      job.failures = 0;
      if (typeof done === 'number' && done > 0) this.o.log.info({ job: name, done }, job.options.didWork ?? 'job done');
    } catch (err) {
      job.failures++;
      // A job failing every minute (the database is down) must not print a stack a minute.
      if (job.failures === 1) this.o.log.error({ err, job: name }, 'job failed');
      else this.o.log.warn({ job: name, failures: job.failures, reason: messageOf(err) }, 'job failed again');
    }
    const key = periodicKey(name);
    await this.repo.insert(
      this.o.db,
      [{ queue: key, key, payload: null, runAt: iso(this.now() + job.ms) }],
      iso(this.now()),
    );
    this.armTimer(this.now() + job.ms);
  }
}

/** Where a module registers its periodic jobs. */
export type Scheduler = Pick<WorkQueue, 'every'>;
