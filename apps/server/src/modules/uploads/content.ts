import { Log, MP4BoxBuffer, createFile, type Movie } from 'mp4box';
import { parseBuffer } from 'music-metadata';
import sharp, { type Sharp } from 'sharp';

/**
 * The full check of a stored file's content (issue 20): a name or the first bytes prove nothing,
 * so pictures are decoded whole and re-encoded (sharp, see docs/dependencies.md), and video and
 * audio are parsed down to their streams (mp4box for MP4, music-metadata for MP3).
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

/** Longest playable file (video or audio), a sanity bound: no post holds a day-long file. */
export const MAX_MEDIA_SECONDS = 6 * 60 * 60;

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

const saneDuration = (seconds: number | undefined) =>
  seconds !== undefined && Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_MEDIA_SECONDS;

// mp4box writes what it cannot parse to the console unless the file has an error handler; a
// refused upload is no server error, so those lines go to the handler or nowhere.
Log.error = (module, msg, isofile) => isofile?.onError?.(module, msg ?? '');

/** The movie an MP4 holds, as mp4box reads its boxes; undefined when it has no readable movie. */
function readMovie(data: Buffer): Movie | undefined {
  const file = createFile();
  let movie: Movie | undefined;
  file.onReady = (info) => (movie = info);
  // Parse errors come here (else mp4box logs them); the file is then refused.
  let failed = false;
  file.onError = () => (failed = true);
  try {
    const copy = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, 0), true);
    file.flush();
  } catch {
    return undefined;
  }
  return failed ? undefined : movie;
}

/**
 * An MP4 is a video when its movie has at least one video track with samples and a size, and a
 * sane duration (a fragmented file's from its fragment header when the movie does not say).
 */
function isVideo(data: Buffer): boolean {
  const movie = readMovie(data);
  if (!movie?.hasMoov) return false;
  const video = movie.videoTracks.find((t) => (t.video?.width ?? 0) > 0 && (t.video?.height ?? 0) > 0);
  if (!video || (!movie.isFragmented && video.nb_samples === 0)) return false;
  const duration = movie.duration
    ? movie.duration / movie.timescale
    : movie.fragment_duration
      ? movie.fragment_duration.num / movie.fragment_duration.den
      : undefined;
  return saneDuration(duration);
}

/** An MP3 is audio when MPEG audio frames are found, with a sample rate, channels and a sane duration. */
async function isAudio(data: Buffer): Promise<boolean> {
  try {
    const { format } = await parseBuffer(
      data,
      { mimeType: 'audio/mpeg', size: data.length },
      { duration: true, skipCovers: true },
    );
    return (
      format.container === 'MPEG' &&
      /^MPEG .*Layer/.test(format.codec ?? '') &&
      (format.sampleRate ?? 0) > 0 &&
      (format.numberOfChannels ?? 0) > 0 &&
      saneDuration(format.duration)
    );
  } catch {
    return false;
  }
}

/** Checks a video or audio file by its streams; throws `InvalidContent` when it has none to play. */
export async function checkMedia(mediaType: 'video' | 'audio', data: Buffer): Promise<void> {
  const ok = mediaType === 'video' ? isVideo(data) : await isAudio(data);
  if (!ok) throw new InvalidContent(`no playable ${mediaType} stream`);
}
