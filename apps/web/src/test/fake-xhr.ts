import { expect, vi } from 'vitest';

/** A stand-in XMLHttpRequest: records the PUT, lets the test report progress and answer. */
export class FakeXhr extends EventTarget {
  static last: FakeXhr | undefined;
  readonly upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  answer(status: number, body = '') {
    this.status = status;
    this.responseText = body;
    this.dispatchEvent(new Event('load'));
  }
}

/** Waits until the PUT has been sent. */
export async function sentPut(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.last?.body).toBeDefined());
  return FakeXhr.last!;
}

/** Replaces XMLHttpRequest with the fake for the test (undo with vi.unstubAllGlobals). */
export function stubXhr() {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

export const lastXhr = () => FakeXhr.last;
