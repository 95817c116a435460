import { vi } from 'vitest';

/** A camera or microphone track: records whether it was stopped. */
export class FakeTrack {
  readyState: 'live' | 'ended' = 'live';
  readonly stop = vi.fn(() => {
    this.readyState = 'ended';
  });
  constructor(readonly kind: 'audio' | 'video') {}
}

/** What getUserMedia answers: a track per kind asked for. */
export class FakeStream {
  readonly tracks: FakeTrack[];
  constructor(readonly constraints: MediaStreamConstraints) {
    this.tracks = [
      ...(constraints.video ? [new FakeTrack('video')] : []),
      ...(constraints.audio ? [new FakeTrack('audio')] : []),
    ];
  }
  getTracks() {
    return this.tracks;
  }
}

/**
 * A stand-in MediaRecorder: `isTypeSupported` answers from `supported`; `stop()` hands over one
 * chunk of the recorded type and fires `stop`, as the browser does once the recording ends.
 */
export class FakeMediaRecorder {
  static supported = new Set<string>();
  static all: FakeMediaRecorder[] = [];
  static isTypeSupported(type: string) {
    return FakeMediaRecorder.supported.has(type);
  }
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  timeslice: number | undefined;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: FakeStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? (stream.constraints.video ? 'video/webm' : 'audio/webm');
    FakeMediaRecorder.all.push(this);
  }
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  stop() {
    if (this.state === 'inactive') throw new DOMException('Not recording', 'InvalidStateError');
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['recorded-bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

/**
 * Gives jsdom a camera and microphone (`navigator.mediaDevices.getUserMedia`) and MediaRecorder;
 * `refuse` makes getUserMedia reject with that error, as a refused permission does. Undo with
 * `vi.unstubAllGlobals()` and `unstubMedia()`.
 */
export function stubMedia({ refuse, supported = [] }: { refuse?: DOMException; supported?: string[] } = {}) {
  FakeMediaRecorder.supported = new Set(supported);
  FakeMediaRecorder.all = [];
  const streams: FakeStream[] = [];
  const getUserMedia = vi.fn((constraints: MediaStreamConstraints) => {
    if (refuse) return Promise.reject(refuse);
    const stream = new FakeStream(constraints);
    streams.push(stream);
    return Promise.resolve(stream);
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  return { getUserMedia, streams };
}

export function unstubMedia() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}
