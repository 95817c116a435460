/**
 * Real, tiny files of each kind an upload takes (tests only). The server decodes pictures whole
 * and parses video and audio down to their streams, so these are valid files, not just the
 * first bytes; `sampleFile(kind, size)` pads one to an exact size in a way its format allows
 * (an ancillary PNG chunk, JPEG comments, an MP4 `free` box, ID3v2 padding).
 */
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

const fixture = (name: string) => readFileSync(new URL(`../modules/uploads/fixtures/${name}`, import.meta.url));

/** A real 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A real 1×1 JPEG. */
export const JPEG_1X1 = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIADg9//2Q==',
  'base64',
);

/** 0.2 s of 16×16 H.264 video with AAC audio (made with ffmpeg, committed: tests need no ffmpeg). */
export const MP4_CLIP = fixture('clip.mp4');

/** 0.8 s of MPEG-2.5 Layer III audio, no tag: a file that starts with a frame header. */
export const MP3_NOTE = fixture('note.mp3');

const FILL = 0x11;

/** A PNG chunk (length, type, data, CRC of type and data). */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `pad` bytes more in a private ancillary chunk before IEND (at least 12: the chunk's frame). */
const padPng = (png: Buffer, pad: number) =>
  Buffer.concat([png.subarray(0, -12), pngChunk('raLy', Buffer.alloc(pad - 12, FILL)), png.subarray(-12)]);

/** `pad` bytes more as COM segments after SOI (each at most 65,535 + 2 bytes, at least 4). */
function padJpeg(jpeg: Buffer, pad: number): Buffer {
  const segments: Buffer[] = [];
  for (let left = pad; left > 0;) {
    const take = Math.min(left, 65_537);
    if (take < 4 || (left - take > 0 && left - take < 4)) throw new Error(`cannot pad a JPEG by ${pad}`);
    const segment = Buffer.alloc(take, FILL);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(take - 2, 2);
    segments.push(segment);
    left -= take;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** `pad` bytes more as a trailing `free` box (at least 8: its header). */
function padMp4(mp4: Buffer, pad: number): Buffer {
  const box = Buffer.alloc(pad, 0);
  box.writeUInt32BE(pad, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([mp4, box]);
}

/** An ID3v2.4 tag of `size` bytes (10 of header, then padding), before the audio frames. */
function id3Tag(size: number): Buffer {
  const tag = Buffer.alloc(size, 0);
  tag.write('ID3', 0, 'latin1');
  tag[3] = 4;
  const body = size - 10;
  for (let i = 0; i < 4; i++) tag[9 - i] = (body >> (7 * i)) & 0x7f; // syncsafe
  return tag;
}

export type SampleKind = 'png' | 'jpg' | 'mp4' | 'mp3' | 'mp3Frame';

const SMALLEST: Record<SampleKind, Buffer> = {
  png: PNG_1X1,
  jpg: JPEG_1X1,
  mp4: MP4_CLIP,
  /** With an (empty) ID3v2 tag, as most MP3 files start. */
  mp3: Buffer.concat([id3Tag(10), MP3_NOTE]),
  mp3Frame: MP3_NOTE,
};

/** A valid file of `kind`: the smallest one, or padded to exactly `size` bytes. */
export function sampleFile(kind: SampleKind, size?: number): Buffer {
  const base = SMALLEST[kind];
  if (size === undefined || size === base.length) return base;
  const pad = size - base.length;
  const tooSmall = () => new Error(`no ${kind} sample of ${size} bytes (the smallest is ${base.length})`);
  switch (kind) {
    case 'png':
      if (pad < 12) throw tooSmall();
      return padPng(base, pad);
    case 'jpg':
      if (pad < 4) throw tooSmall();
      return padJpeg(base, pad);
    case 'mp4':
      if (pad < 8) throw tooSmall();
      return padMp4(base, pad);
    case 'mp3':
      if (pad < 0) throw tooSmall();
      return Buffer.concat([id3Tag(10 + pad), MP3_NOTE]);
    case 'mp3Frame':
      throw tooSmall();
  }
}

/** A valid PNG of exactly `size` bytes (at least 82). */
export const pngOfSize = (size: number) => sampleFile('png', size);

/**
 * True when two pictures decode to the same size and pixels: what a test uploads and what the
 * server stores (re-encoded, so other bytes) are the same PNG.
 */
export async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const [x, y] = await Promise.all(
    [a, b].map((p) => sharp(p).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  return x!.info.width === y!.info.width && x!.info.height === y!.info.height && x!.data.equals(y!.data);
}
