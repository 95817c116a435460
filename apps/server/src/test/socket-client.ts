import WebSocket from 'ws';

/**
 * A `ws` client for tests of the app's WebSockets (the realtime gateway, the watercooler's room):
 * it keeps what it receives (JSON messages with a `type`) and how it was closed, and waits for
 * either without polling.
 */
export class TestSocket<M extends { type: string }> {
  readonly received: M[] = [];
  closed: { code: number; reason: string } | undefined;
  private waiters: (() => void)[] = [];
  private readonly opened: Promise<void>;

  constructor(
    url: string,
    readonly socket = new WebSocket(url),
  ) {
    this.opened = new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.on('message', (data) => {
      this.received.push(JSON.parse((data as Buffer).toString('utf8')) as M);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  open(): Promise<void> {
    return this.opened;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first received message of `type` not taken yet (removed from `received`). */
  async next<T extends M['type']>(type: T, ms = 3000): Promise<Extract<M, { type: T }>> {
    return this.take((m): m is Extract<M, { type: T }> => m.type === type, ms, `a ${type}`);
  }

  /** The first received message that `matches`, not taken yet (removed from `received`). */
  async take<T extends M>(matches: (m: M) => m is T, ms: number, what: string): Promise<T> {
    await this.until(() => this.received.some(matches), ms, what);
    return this.received.splice(this.received.findIndex(matches), 1)[0] as T;
  }

  /** How the server closed the socket. */
  async closedWith(ms = 3000): Promise<{ code: number; reason: string }> {
    await this.until(() => this.closed !== undefined, ms, 'the socket to close');
    return this.closed!;
  }

  close(): void {
    this.socket.terminate();
  }

  /** Waits until `done` holds; throws when the socket closes first or `ms` pass. */
  protected async until(done: () => boolean, ms: number, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (this.closed && !done()) throw new Error(`closed (${this.closed.code}) while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }
}
