import type { SocketLike } from '../lib/realtime';

/**
 * A WebSocket the test drives (the realtime client's, the watercooler room's): it keeps what the
 * client sent, and opens, answers and closes when the test says so.
 */
export class FakeSocket implements SocketLike {
  readonly sent: Array<Record<string, unknown>> = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url = '') {}

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1005): void {
    this.closedWith = code;
  }

  // What the server does:
  open(): void {
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code = 1006): void {
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
