import { Limits, type UploadPolicy, PostMessages } from '@rally/contract';
import { AppError } from '../../http/errors.js';

/** What an attachment is (decisions.md: media type ids photo 2, video 3, audio 4). */
export type MediaType = 'photo' | 'video' | 'audio';

/**
 * One kind of file an upload may be: what the generic picker takes (spec §5: .png, .jpg, .jpeg,
 * .mp4, .mp3) and what browsers record (issue 22: WebM from Chromium and Firefox, MP4 from Safari).
 */
export interface FileKind {
  /**
   * The extension keys are stored under (.jpeg is stored as .jpg; a WebM recording of sound
   * alone as .weba and Safari's as .m4a, so the key says whether it is video or audio).
   */
  ext: 'png' | 'jpg' | 'mp4' | 'mp3' | 'webm' | 'weba' | 'm4a';
  mediaType: MediaType;
  /** The type files of this kind are served with. */
  mime: string;
  /** Types a browser may report for such a file (file.type); the content decides in the end. */
  mimes: readonly string[];
  maxBytes: number;
  /** True when the first bytes are this kind's (see `SNIFF_BYTES`). */
  matches: (head: Buffer) => boolean;
}

/** Bytes read from the start of a file for a quick first judgement (content.ts judges all of it). */
export const SNIFF_BYTES = 16;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const isPng = (b: Buffer) => b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE);
const isJpeg = (b: Buffer) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** ISO base media (MP4): the first box is `ftyp`, of a plausible size. */
const isMp4 = (b: Buffer) => b.length >= 12 && b.subarray(4, 8).toString('latin1') === 'ftyp' && b.readUInt32BE(0) >= 8;

/** Matroska/WebM: the EBML magic number. */
const isEbml = (b: Buffer) => b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3;

/**
 * MP3: an ID3v2 tag, or an MPEG audio frame header: 11 sync bits, then a version, layer,
 * bitrate and sample rate that are not the reserved values (so a random 0xFF byte is not one).
 */
const isMp3 = (b: Buffer) => {
  if (b.length >= 3 && b.subarray(0, 3).toString('latin1') === 'ID3') return true;
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return false;
  const version = (b[1]! >> 3) & 0b11;
  const layer = (b[1]! >> 1) & 0b11;
  const bitrate = b[2]! >> 4;
  const sampleRate = (b[2]! >> 2) & 0b11;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
};

const KINDS: Record<FileKind['ext'], FileKind> = {
  png: {
    ext: 'png',
    mediaType: 'photo',
    mime: 'image/png',
    mimes: ['image/png', 'image/x-png', 'image/apng'],
    maxBytes: Limits.imageMaxBytes,
    matches: isPng,
  },
  jpg: {
    ext: 'jpg',
    mediaType: 'photo',
    mime: 'image/jpeg',
    mimes: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
    maxBytes: Limits.imageMaxBytes,
    matches: isJpeg,
  },
  mp4: {
    ext: 'mp4',
    mediaType: 'video',
    mime: 'video/mp4',
    mimes: ['video/mp4', 'application/mp4'],
    maxBytes: Limits.videoMaxBytes,
    matches: isMp4,
  },
  mp3: {
    ext: 'mp3',
    mediaType: 'audio',
    mime: 'audio/mpeg',
    mimes: ['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg-3', 'audio/x-mp3', 'audio/x-mpeg'],
    maxBytes: Limits.audioMaxBytes,
    matches: isMp3,
  },
  webm: {
    ext: 'webm',
    mediaType: 'video',
    mime: 'video/webm',
    mimes: ['video/webm'],
    maxBytes: Limits.videoMaxBytes,
    matches: isEbml,
  },
  weba: {
    ext: 'weba',
    mediaType: 'audio',
    mime: 'audio/webm',
    mimes: ['audio/webm'],
    maxBytes: Limits.audioMaxBytes,
    matches: isEbml,
  },
  m4a: {
    ext: 'm4a',
    mediaType: 'audio',
    mime: 'audio/mp4',
    mimes: ['audio/mp4', 'audio/x-m4a', 'audio/m4a'],
    maxBytes: Limits.audioMaxBytes,
    matches: isMp4,
  },
};

const BY_EXTENSION: Record<string, FileKind> = { ...KINDS, jpeg: KINDS.jpg };

/**
 * A recording of sound alone keeps its container's extension (a .webm from Chromium or Firefox,
 * Safari's .mp4); its reported type says it is audio.
 */
const AS_AUDIO: Partial<Record<FileKind['ext'], FileKind>> = { webm: KINDS.weba, mp4: KINDS.m4a };

/** A browser that does not know a file's type says this (or nothing); the name decides then. */
const UNKNOWN_MIME = 'application/octet-stream';

/**
 * The media types each policy of spec §7 takes: a team video is a video, the rest any kind (the
 * web app's picker still offers .mp4 alone for a picked video; recordings may be WebM).
 */
export const POLICY_MEDIA: Record<UploadPolicy, readonly MediaType[]> = {
  expression: ['photo', 'video', 'audio'],
  'team.celebration': ['photo', 'video', 'audio'],
  'team.teamvideo': ['video'],
  // A watercooler message's picture (png, jpg, jpeg: spec §5); gone with its room (ADR 0029).
  'team.watercooler': ['photo'],
};

const unsupported = (message: string = PostMessages.uploadTypeUnsupported) =>
  new AppError(415, 'unsupported_upload_type', message);
export const tooLarge = () => new AppError(413, 'upload_too_large', PostMessages.uploadTooLarge);

/**
 * What a file will be, judged from what the browser says about it before any byte is sent: its
 * name's extension, its reported type (which must agree) and its size. 415 for another type,
 * 413 over its kind's limit. The bytes are judged when they arrive: first bytes
 * (`FileKind.matches`), then all of them (content.ts).
 */
export function judgeDeclared(
  declared: { filename: string; mime_type: string; file_size: number },
  policy: UploadPolicy,
): FileKind {
  const ext = /\.([A-Za-z0-9]+)$/.exec(declared.filename)?.[1]?.toLowerCase();
  const named = ext ? BY_EXTENSION[ext] : undefined;
  if (!named) throw unsupported();
  // `video/webm;codecs=vp8,opus`: the parameters say nothing the content does not.
  const mime = declared.mime_type.split(';', 1)[0]!.trim().toLowerCase();
  const kind = mime.startsWith('audio/') ? (AS_AUDIO[named.ext] ?? named) : named;
  if (mime !== UNKNOWN_MIME && !kind.mimes.includes(mime)) throw unsupported();
  if (!POLICY_MEDIA[policy].includes(kind.mediaType))
    throw unsupported(policy === 'team.teamvideo' ? PostMessages.uploadVideoOnly : undefined);
  if (declared.file_size > kind.maxBytes) throw tooLarge();
  return kind;
}

/** The kind of a stored key, from its extension (keys are made by this module). */
export function kindOfKey(key: string): FileKind | undefined {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return ext ? KINDS[ext as FileKind['ext']] : undefined;
}

/** True when the first bytes of a file are of the given media type (the content decides, not the name). */
export function contentMatches(mediaType: MediaType, head: Buffer): boolean {
  return Object.values(KINDS).some((kind) => kind.mediaType === mediaType && kind.matches(head));
}

/** Content types of every stored extension: avatars (webp), converted audio (m4a) and posters (jpg) included. */
export const MIME_OF_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  webm: 'video/webm',
  weba: 'audio/webm',
  m4a: 'audio/mp4',
};
