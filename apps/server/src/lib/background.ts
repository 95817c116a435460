import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone out, in this process (the embedded default of
 * ARCHITECTURE.md's job queue). A failure is logged, never lost silently; `idle()` waits for
 * everything queued, for a graceful shutdown and for tests.
 */
export class BackgroundQueue {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: () => Promise<void>): void {
    // Not a microtask: the answer is written first. (better-sqlite3 is synchronous, so work
    // started earlier would hold up the reply, and its timing would show who has an account.)
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.log.error({ err, job: name }, 'background job failed'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves once nothing is queued, including work queued by work. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
