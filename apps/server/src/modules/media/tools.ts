import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { ConfigError } from '../../config.js';

/** Where the ffmpeg and ffprobe this process runs are (resolved once, at start). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

const require = createRequire(import.meta.url);

/** The binary an npm package ships (its `path`), or why there is none for this platform. */
function packaged(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string {
  try {
    return (require(pkg) as { path: string }).path;
  } catch (err) {
    // These packages throw strings, not errors.
    const reason = err instanceof Error ? err.message : String(err);
    throw new ConfigError(`${pkg} has no binary here (${reason}): set FFMPEG_PATH and FFPROBE_PATH`);
  }
}

function executable(file: string, setting: string): string {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    throw new ConfigError(
      `${file} is not an executable file: install ffmpeg (apt-get install ffmpeg) and set ${setting}, ` +
        `or reinstall the npm package so its binary keeps its execute bit`,
    );
  }
  return file;
}

/**
 * FFMPEG_PATH / FFPROBE_PATH when set (a maintained build: ffmpeg parses untrusted files), else
 * the npm packages' binaries. Throws `ConfigError` with what to do when one cannot be run, so
 * the server does not start and fail at the first upload instead.
 */
export function resolveMediaTools(config: { FFMPEG_PATH?: string | undefined; FFPROBE_PATH?: string | undefined }): MediaTools {
  return {
    ffmpeg: executable(config.FFMPEG_PATH || packaged('@ffmpeg-installer/ffmpeg'), 'FFMPEG_PATH'),
    ffprobe: executable(config.FFPROBE_PATH || packaged('@ffprobe-installer/ffprobe'), 'FFPROBE_PATH'),
  };
}
