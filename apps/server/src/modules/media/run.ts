import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** What a run of ffmpeg or ffprobe printed. */
export interface ToolOutput {
  stdout: Buffer;
  /** The last `STDERR_MAX` characters of its diagnostics. */
  stderr: string;
}

export interface RunOptions {
  /** Killed after this many ms. */
  timeoutMs: number;
  /** Killed when aborted (shutdown, a lost lease). */
  signal?: AbortSignal | undefined;
  /** Most stdout bytes kept (ffprobe's JSON); past it the run fails. */
  maxStdout?: number;
}

/** A run that did not end well: its exit, and the end of what it said. */
export class ToolFailed extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    /** True when it was killed for its timeout or an abort, not refused by the tool. */
    readonly killed: boolean,
  ) {
    super(message);
  }
}

/** Diagnostics kept per run: the end is where ffmpeg says what went wrong. */
const STDERR_MAX = 8 * 1024;
/** Niceness of every run: requests of this process come first on a busy machine. */
export const TOOL_NICENESS = 10;

/**
 * coreutils' `nice`, which starts the tool already lowered: niceness is per thread on Linux, so
 * lowering the process after it started would miss a thread it made in the meantime.
 */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((path) => existsSync(path));

/**
 * Lowers the tool's session too. With Linux's autogroup scheduling (on by default) the CPU is
 * shared between sessions first and nice counts only within each: a tool in a session of its own
 * (detached, for the group kill) would take as much CPU as the whole server, whatever its nice
 * (bench/RESULTS.md: page 1's p99 went from 4 ms to 211 ms beside two conversions). Where `nice`
 * is missing the tool itself is lowered here.
 */
function lowerSession(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(TOOL_NICENESS));
  } catch {
    // No autogroup (another platform, or it is off): nice alone decides.
  }
  if (!NICE)
    try {
      setPriority(pid, TOOL_NICENESS);
    } catch {
      // A platform that cannot lower it still runs the job.
    }
}

/**
 * Runs ffmpeg or ffprobe with `args` (no shell), at lower priority than the server, with a
 * timeout and a bounded buffer of its diagnostics; SIGKILL to its process group on timeout or abort. Resolves when it
 * exits with 0, rejects with `ToolFailed` otherwise.
 */
export function runTool(bin: string, args: readonly string[], options: RunOptions): Promise<ToolOutput> {
  const { timeoutMs, signal, maxStdout = 4 * 1024 * 1024 } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ToolFailed(`${bin}: aborted`, '', true));
    // Its own process group, so a kill reaches whatever it started too (a wrapper script's ffmpeg).
    const child = NICE
      ? spawn(NICE, ['-n', String(TOOL_NICENESS), bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
      : spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid !== undefined) lowerSession(child.pid);
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let killedFor: string | undefined;
    const kill = (why: string) => {
      killedFor ??= why;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL'); // the group is gone already
      }
    };
    const timer = setTimeout(() => kill(`timed out after ${timeoutMs} ms`), timeoutMs);
    const onAbort = () => kill('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxStdout) kill('too much output');
      else out.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      err += chunk;
      if (err.length > 2 * STDERR_MAX) err = err.slice(-STDERR_MAX);
    });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (e) => {
      done();
      reject(new ToolFailed(`${bin}: ${e.message}`, '', false));
    });
    child.on('close', (code, sig) => {
      done();
      const stderr = err.slice(-STDERR_MAX);
      if (killedFor) reject(new ToolFailed(`${bin}: ${killedFor}`, stderr, true));
      else if (code !== 0) reject(new ToolFailed(`${bin} exited with ${code ?? sig}`, stderr, false));
      else resolve({ stdout: Buffer.concat(out), stderr });
    });
  });
}
