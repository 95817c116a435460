import { accessSync, chmodSync, constants, statSync } from 'node:fs';
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

const canRun = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The npm package's binary, made executable when its install script did not run: the ffprobe
 * tarball stores it without the execute bit and sets it in a `postinstall`, which npm 11 warns
 * about and `--ignore-scripts` skips. Only this file of our own dependency is changed.
 */
function packagedExecutable(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string {
  const file = packaged(pkg);
  if (!canRun(file))
    try {
      chmodSync(file, statSync(file).mode | 0o111);
    } catch {
      // Not ours to change (a read-only install): `executable` says what to do.
    }
  return file;
}

function executable(file: string, setting: string): string {
  if (!canRun(file))
    throw new ConfigError(
      `${file} is not an executable file: install ffmpeg (apt-get install ffmpeg) and set ${setting}, ` +
        `or make the npm package's binary executable (chmod +x)`,
    );
  return file;
}

/**
 * FFMPEG_PATH / FFPROBE_PATH when set (a maintained build: ffmpeg parses untrusted files), else
 * the npm packages' binaries (given the execute bit if their install script did not run). Throws `ConfigError` with what to do when one cannot be run, so
 * the server does not start and fail at the first upload instead.
 */
export function resolveMediaTools(config: {
  FFMPEG_PATH?: string | undefined;
  FFPROBE_PATH?: string | undefined;
}): MediaTools {
  return {
    ffmpeg: executable(config.FFMPEG_PATH || packagedExecutable('@ffmpeg-installer/ffmpeg'), 'FFMPEG_PATH'),
    ffprobe: executable(config.FFPROBE_PATH || packagedExecutable('@ffprobe-installer/ffprobe'), 'FFPROBE_PATH'),
  };
}
