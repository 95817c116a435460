import type { MediaProbe } from './probe.js';
import { inputGuard } from './probe.js';
import { runTool } from './run.js';
import type { MediaTools } from './tools.js';

/** The widest converted video and poster (px): recordings are phone and webcam sized. */
export const MAX_WIDTH = 1280;

export interface ConvertOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Output is cut at this many seconds (the limit the probe already checked, as a guard). */
  maxSeconds: number;
}

/** Whether a probed video can be kept as it is, only remuxed: H.264 in 4:2:0, AAC or no sound, ≤ 1280 px, even. */
export function remuxable(p: MediaProbe): boolean {
  const audioOk = !p.audio || p.audio.codec === 'aac';
  if (!p.video) return audioOk && p.audio !== undefined;
  const { codec, width, height, pixFmt } = p.video;
  return (
    audioOk && codec === 'h264' && pixFmt === 'yuv420p' && width <= MAX_WIDTH && width % 2 === 0 && height % 2 === 0
  );
}

const common = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

/**
 * Converts `input` to an MP4 every browser plays (spec §9, issue 22): H.264 (crf 22, preset
 * ultrafast, yuv420p, even size, at most 1280 px wide) with AAC sound, or AAC alone for audio,
 * the index (moov) first so playback starts before the whole file has arrived (faststart). A
 * file already so is only remuxed (`-c copy`), which takes no encoding time.
 */
export async function transcode(
  tools: MediaTools,
  input: string,
  output: string,
  p: MediaProbe,
  options: ConvertOptions,
): Promise<void> {
  const streams = p.video
    ? ['-map', '0:v:0', ...(p.audio ? ['-map', '0:a:0'] : []), '-map_metadata', '-1']
    : ['-map', '0:a:0', '-vn', '-map_metadata', '-1'];
  const codecs = remuxable(p)
    ? ['-c', 'copy']
    : [
        ...(p.video
          ? [
              '-vf',
              // Width at most MAX_WIDTH and even; the height follows the aspect ratio, even too.
              `scale='trunc(min(${MAX_WIDTH},iw)/2)*2':-2,format=yuv420p`,
              '-c:v',
              'libx264',
              '-preset',
              'ultrafast',
              '-crf',
              '22',
              '-pix_fmt',
              'yuv420p',
              // Recordings have variable frame timing (WebM's 1 ms clock): keep it, never pad to 1000 fps.
              '-vsync',
              'vfr',
            ]
          : []),
        ...(p.audio ? ['-c:a', 'aac', '-b:a', '128k'] : []),
      ];
  await runTool(
    tools.ffmpeg,
    [
      ...common,
      ...inputGuard(),
      '-i',
      input,
      ...streams,
      ...codecs,
      '-t',
      String(options.maxSeconds),
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    options,
  );
}

/**
 * A JPEG still of a video at min(1 s, half its duration), at most MAX_WIDTH wide: what the
 * player shows before it plays.
 */
export async function poster(
  tools: MediaTools,
  video: string,
  output: string,
  duration: number,
  options: Omit<ConvertOptions, 'maxSeconds'>,
): Promise<void> {
  const at = Number.isFinite(duration) && duration > 0 ? Math.min(1, duration / 2) : 0;
  await runTool(
    tools.ffmpeg,
    [
      ...common,
      '-ss',
      at.toFixed(3),
      ...inputGuard(),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      `scale='trunc(min(${MAX_WIDTH},iw)/2)*2':-2`,
      '-q:v',
      '3',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      output,
    ],
    options,
  );
}
