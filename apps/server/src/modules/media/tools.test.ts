import { accessSync, constants, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.js';
import { ToolFailed, runTool } from './run.js';
import { resolveMediaTools } from './tools.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'rally-tools-'));

describe('which ffmpeg runs (FFMPEG_PATH, FFPROBE_PATH)', () => {
  it('by default the npm packages’ binaries, executable', () => {
    const tools = resolveMediaTools({});
    expect(tools.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(tools.ffprobe).toMatch(/@ffprobe-installer/);
    for (const file of [tools.ffmpeg, tools.ffprobe]) expect(() => accessSync(file, constants.X_OK)).not.toThrow();
  });

  it('a setting that names no executable file stops the start with what to do', () => {
    const text = path.join(dir, 'not-ffmpeg.txt');
    writeFileSync(text, 'no binary', { mode: 0o644 });
    expect(() => resolveMediaTools({ FFMPEG_PATH: text })).toThrow(ConfigError);
    expect(() => resolveMediaTools({ FFMPEG_PATH: text })).toThrow(/not an executable file.*FFMPEG_PATH/);
    expect(() => resolveMediaTools({ FFPROBE_PATH: path.join(dir, 'missing') })).toThrow(/FFPROBE_PATH/);
  });
});

describe('runTool', () => {
  it('kills a run at its timeout, keeps the end of its diagnostics, and lowers its priority', async () => {
    const started = Date.now();
    const err = await runTool('/bin/sh', ['-c', 'echo starting >&2; sleep 10'], { timeoutMs: 200 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ToolFailed);
    expect(err).toMatchObject({ killed: true, stderr: 'starting\n' });
    expect(Date.now() - started).toBeLessThan(5_000);

    const long = await runTool(
      '/bin/sh',
      ['-c', 'i=0; while [ $i -lt 3000 ]; do echo "line $i of noise" >&2; i=$((i+1)); done; exit 3'],
      {
        timeoutMs: 10_000,
      },
    ).catch((e: unknown) => e as ToolFailed);
    expect(long).toMatchObject({ killed: false, message: expect.stringContaining('exited with 3') });
    expect((long as ToolFailed).stderr.length).toBeLessThanOrEqual(8 * 1024);
    expect((long as ToolFailed).stderr).toMatch(/line 2999 of noise\n$/);

    const { stdout } = await runTool('/bin/sh', ['-c', 'cut -d" " -f19 /proc/$$/stat'], { timeoutMs: 5_000 });
    expect(Number(stdout.toString().trim())).toBe(10);
    // Its session (a scheduling group of its own under autogroup) is lowered as well.
    if (existsSync('/proc/self/autogroup')) {
      const session = await runTool('/bin/sh', ['-c', 'sleep 0.2; cat /proc/$$/autogroup'], { timeoutMs: 5_000 });
      expect(session.stdout.toString()).toMatch(/ nice 10$/m);
    }
  });

  it('an abort (shutdown) kills the run', async () => {
    const stop = new AbortController();
    const running = runTool('/bin/sh', ['-c', 'sleep 10'], { timeoutMs: 20_000, signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    await expect(running).rejects.toMatchObject({ killed: true, message: expect.stringContaining('aborted') });
  });
});
