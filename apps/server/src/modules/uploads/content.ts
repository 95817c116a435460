import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Limits } from '@rally/contract';
import sharp, { type Sharp } from 'sharp';
import { probe, type MediaProbe } from '../media/probe.js';
import { ToolFailed } from '../media/run.js';
import type { MediaTools } from '../media/tools.js';

/**
 * The full check of a stored file's content (issue 20): a name or the first bytes prove nothing,
 * so pictures are decoded whole and re-encoded (sharp, see docs/dependencies.md), and video and
 * audio are probed down to their streams and duration by ffprobe (modules/media).
 */

/** Formats pictures are kept in; the file's own, or the one its key says. */
export type ImageFormat = 'png' | 'jpg' | 'webp';

/** A file that is not what it claims to be, or that cannot be read whole. */
export class InvalidContent extends Error {}

/**
 * The most pixels a picture may have. A 5 MB file can still declare gigapixels (a
 * "decompression bomb"); 50 megapixels is more than phones take at full size.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

const FORMAT_OF_SHARP: Record<string, ImageFormat> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

// Refuse what libvips reports as an error (truncated or corrupt data); its mere warnings (an
// odd colour profile, common in real photos) pass.
const INPUT = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;

const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  png: (image) => image.png(),
  jpg: (image) => image.jpeg({ quality: 90 }),
  webp: (image) => image.webp({ quality: 90 }),
};

/**
 * Decodes a picture whole and encodes it again: only pixels survive, so anything hidden after or
 * inside the image data (HTML, scripts) and its metadata (EXIF with GPS position, comments) are
 * gone. EXIF orientation is applied to the pixels first, so the photo stays upright. Keeps the
 * picture's format unless `as` names the one it must be (an upload's key). Throws
 * `InvalidContent` for a file that does not decode, is too large in pixels, or is another format
 * than `accept`.
 */
export async function reencodeImage(
  data: Buffer,
  accept: readonly ImageFormat[],
  as?: ImageFormat,
): Promise<{ data: Buffer; format: ImageFormat }> {
  try {
    const { format } = await sharp(data, INPUT).metadata();
    const found = FORMAT_OF_SHARP[format];
    if (!found || !accept.includes(found)) throw new InvalidContent(`not an accepted picture: ${format}`);
    const out = as ?? found;
    return { data: await ENCODE[out](sharp(data, INPUT).autoOrient()).toBuffer(), format: out };
  } catch (err) {
    if (err instanceof InvalidContent) throw err;
    throw new InvalidContent(`picture does not decode: ${(err as Error).message}`);
  }
}

/** A video or audio file longer than its limit (spec §9), in seconds. */
export class MediaTooLong extends InvalidContent {
  constructor(readonly mediaType: 'video' | 'audio') {
    super(`${mediaType} longer than allowed`);
  }
}

/** The container each stored extension must hold, as ffprobe names its demuxer. */
const CONTAINER: Record<string, string> = { mp4: 'mp4', m4a: 'mp4', webm: 'webm', weba: 'webm', mp3: 'mp3' };

/** The longest a file of each type may be (spec §9's recording limits, plus a second of slack). */
export const maxSecondsOf = (mediaType: 'video' | 'audio') =>
  (mediaType === 'video' ? Limits.videoMaxSeconds : Limits.audioMaxSeconds) + Limits.mediaLengthSlackSeconds;

/**
 * Checks a video or audio file by what ffprobe finds in it (modules/media: the one place that
 * reads media): the container its key's extension names, a real stream of its type (a video
 * stream with a size; an MP3 holding MP3 audio), a known duration within `maxSecondsOf`. Throws
 * `MediaTooLong` over the limit, `InvalidContent` for anything else it is not. Picked files are
 * held to the recording limits as well: one rule for every attachment, and each plays the same.
 */
export async function checkMedia(
  tools: MediaTools,
  mediaType: 'video' | 'audio',
  ext: string,
  data: Buffer,
): Promise<MediaProbe> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rally-probe-'));
  let found: MediaProbe;
  try {
    const file = path.join(dir, `upload.${ext}`);
    await writeFile(file, data);
    found = await probe(tools, file);
  } catch (err) {
    if (err instanceof ToolFailed && !err.killed) throw new InvalidContent(`not readable media: ${err.message}`);
    if (err instanceof SyntaxError) throw new InvalidContent('not readable media');
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (!found.format.split(',').includes(CONTAINER[ext] ?? '')) throw new InvalidContent(`not a .${ext}: ${found.format}`);
  const stream = mediaType === 'video' ? found.video : found.audio;
  if (!stream || (ext === 'mp3' && stream.codec !== 'mp3')) throw new InvalidContent(`no playable ${mediaType} stream`);
  if (!Number.isFinite(found.duration) || found.duration <= 0) throw new InvalidContent('no duration');
  if (found.duration > maxSecondsOf(mediaType)) throw new MediaTooLong(mediaType);
  return found;
}
