import type { MediaTools } from './tools.js';
import { runTool } from './run.js';

/**
 * The demuxers ffprobe and ffmpeg may open an upload with: MP4/MOV (Safari's recordings, picked
 * .mp4), Matroska/WebM (Chromium's and Firefox's recordings) and MP3. Nothing else is parsed, so
 * a crafted file cannot reach the rest of ffmpeg's formats (playlists that name other files, etc.).
 */
export const INPUT_FORMATS = 'mov,matroska,mp3';

/** Options every ffprobe and ffmpeg run puts before its input. */
export const inputGuard = () => ['-protocol_whitelist', 'file', '-format_whitelist', INPUT_FORMATS];

/** What ffprobe found in a file. */
export interface MediaProbe {
  /** The demuxer's names (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `mp3`). */
  format: string;
  /** Seconds; NaN when it cannot be told. */
  duration: number;
  size: number;
  /** The first video stream with a size (an MP3's cover picture is not one). */
  video?: { codec: string; width: number; height: number; pixFmt: string | undefined } | undefined;
  /** The first audio stream with channels. */
  audio?: { codec: string } | undefined;
}

interface FfprobeJson {
  format?: { format_name?: string; duration?: string; size?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    channels?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
}

export interface ProbeOptions {
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
}

const seconds = (v: string | undefined) => (v === undefined ? NaN : Number(v));

/**
 * Probes `file` with ffprobe (its streams, codecs, duration, size). A recording whose container
 * does not say how long it is (a WebM written as it was recorded) is measured by its packets.
 * Rejects (`ToolFailed`) when ffprobe cannot read it as one of `INPUT_FORMATS`.
 */
export async function probe(tools: MediaTools, file: string, options: ProbeOptions = {}): Promise<MediaProbe> {
  const run = { timeoutMs: options.timeoutMs ?? 30_000, signal: options.signal };
  const { stdout } = await runTool(
    tools.ffprobe,
    ['-v', 'error', ...inputGuard(), '-print_format', 'json', '-show_format', '-show_streams', file],
    run,
  );
  const json = JSON.parse(stdout.toString('utf8')) as FfprobeJson;
  const streams = json.streams ?? [];
  const v = streams.find(
    (s) => s.codec_type === 'video' && (s.width ?? 0) > 0 && (s.height ?? 0) > 0 && !s.disposition?.attached_pic,
  );
  const a = streams.find((s) => s.codec_type === 'audio' && (s.channels ?? 0) > 0);
  let duration = seconds(json.format?.duration);
  if (!Number.isFinite(duration))
    duration = Math.max(...streams.map((s) => seconds(s.duration)).filter(Number.isFinite), NaN);
  if (!Number.isFinite(duration)) duration = await measure(tools, file, run);
  return {
    format: json.format?.format_name ?? '',
    duration,
    size: Number(json.format?.size ?? 0),
    video: v && { codec: v.codec_name ?? '', width: v.width!, height: v.height!, pixFmt: v.pix_fmt },
    audio: a && { codec: a.codec_name ?? '' },
  };
}

/** The end of the last packet (seconds), for a file that does not say its duration; NaN when none. */
async function measure(
  tools: MediaTools,
  file: string,
  run: { timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<number> {
  const { stdout } = await runTool(
    tools.ffprobe,
    ['-v', 'error', ...inputGuard(), '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
    { ...run, maxStdout: 16 * 1024 * 1024 },
  );
  let end = NaN;
  for (const line of stdout.toString('latin1').split('\n')) {
    const [pts, dur] = line.split(',').map(Number);
    if (pts !== undefined && Number.isFinite(pts)) {
      const e = pts + (dur !== undefined && Number.isFinite(dur) ? dur : 0);
      end = Number.isFinite(end) ? Math.max(end, e) : e;
    }
  }
  return end;
}
