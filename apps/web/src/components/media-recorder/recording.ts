import { MediaLimits } from '@rally/contract';
import type { RecorderMode } from './types';

/** What each mode asks the browser for: the camera with sound, the microphone, or the camera alone. */
export const CONSTRAINTS: Record<RecorderMode, MediaStreamConstraints> = {
  video: { video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true },
  audio: { audio: true },
  image: { video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } } },
};

/** Spec §9: how long a recording may last, in seconds (a picture has no length). */
export const MAX_SECONDS: Record<'video' | 'audio', number> = {
  video: MediaLimits.videoMaxSeconds,
  audio: MediaLimits.audioMaxSeconds,
};

/**
 * The formats asked of MediaRecorder, best first: MP4 where the browser records it (Safari, newer
 * Chromium), as the server then has less to convert; else WebM (Chromium, Firefox). Neither: the
 * browser's default, which the server converts like any other.
 */
const PREFERRED_TYPES: Record<'video' | 'audio', readonly string[]> = {
  video: ['video/mp4;codecs=avc1,mp4a', 'video/webm;codecs=vp8,opus'],
  audio: ['audio/webm;codecs=opus', 'audio/mp4'],
};

export function recorderMimeType(mode: 'video' | 'audio'): string | undefined {
  return PREFERRED_TYPES[mode].find((type) => MediaRecorder.isTypeSupported(type));
}

/** The recording as a file to upload: `recording.mp4` if the browser made MP4, else `recording.webm`. */
export function recordingFile(chunks: BlobPart[], mimeType: string, mode: 'video' | 'audio'): File {
  const mp4 = /^(video|audio)\/mp4\b/i.test(mimeType.trim());
  // The type without its codecs: what the upload's presign and the server's checks expect.
  return new File(chunks, mp4 ? 'recording.mp4' : 'recording.webm', { type: `${mode}/${mp4 ? 'mp4' : 'webm'}` });
}

/** Whether this browser can do what the mode needs at all (a page over http has no mediaDevices). */
export function canCapture(mode: RecorderMode): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.mediaDevices?.getUserMedia !== 'function') return false;
  return mode === 'image' || typeof MediaRecorder === 'function';
}

const DEVICES: Record<RecorderMode, string> = {
  video: 'your camera and microphone',
  audio: 'your microphone',
  image: 'your camera',
};

/** Why the mode cannot record, in words for the user (getUserMedia's error, or no support at all). */
export function deviceProblem(mode: RecorderMode, err: unknown, canPick: boolean): string {
  const instead = canPick ? ' You can choose a file instead.' : '';
  const devices = DEVICES[mode];
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return `Rally cannot use ${devices}: access was refused. Allow it in your browser's site settings (the icon beside the address), then try again.${instead}`;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return `Rally found no ${mode === 'audio' ? 'microphone' : 'camera'} on this device. Connect one, then try again.${instead}`;
    case 'NotReadableError':
    case 'TrackStartError':
      return `Rally cannot use ${devices}: another app or tab is using ${mode === 'audio' ? 'it' : 'them'}. Close it, then try again.${instead}`;
    case 'Unsupported':
      return `This browser cannot record here.${instead || ' Try a recent Chrome, Firefox or Safari.'}`;
    default:
      return `Rally cannot start ${devices}. Try again.${instead}`;
  }
}

/** Whether `file` matches an `accept` list (`.mp4`, `image/png`, `video/*`). */
export function accepts(accept: string, file: File): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) =>
      entry.startsWith('.')
        ? name.endsWith(entry)
        : entry.endsWith('/*')
          ? type.startsWith(entry.slice(0, -1))
          : type === entry,
    );
}

/** m:ss, for the countdown. */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
