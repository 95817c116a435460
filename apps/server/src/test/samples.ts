/**
 * The first bytes of real files of each kind, padded to a size (tests only): the server judges
 * uploads by these bytes, never by their names.
 */
import { PNG_1X1 } from './teams.js';

const pad = (head: Buffer, size: number) =>
  size <= head.length ? head.subarray(0, size) : Buffer.concat([head, Buffer.alloc(size - head.length, 0x11)]);

export const SAMPLE_HEADS = {
  png: PNG_1X1,
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
  /** An ISO base media file: a 24-byte `ftyp` box (isom), as browsers' and phones' .mp4 start. */
  mp4: Buffer.concat([
    Buffer.from([0x00, 0x00, 0x00, 0x18]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0x00, 0x00, 0x02, 0x00]),
    Buffer.from('isomiso2', 'latin1'),
  ]),
  /** An ID3v2.4 tag header. */
  mp3: Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0, 0, 0, 0, 0, 0]),
  /** An MPEG-1 Layer III frame header (128 kbit/s, 44.1 kHz), a file without a tag. */
  mp3Frame: Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
} as const;

export type SampleKind = keyof typeof SAMPLE_HEADS;

/** A file of `kind` of exactly `size` bytes (at least its head unless smaller). */
export const sampleFile = (kind: SampleKind, size = 64) => pad(SAMPLE_HEADS[kind], size);
