/**
 * The child processes of a benchmark run and its clean-up: everything started is tracked and
 * killed however the run ends (normally, on failure, on Ctrl-C, at its deadline), then the
 * clean-ups run in reverse order (temp folders, schemas). Importing this module installs the
 * exit and signal handlers; one benchmark a process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { LoadRequest, LoadSummary } from './load.js';
import type { PacedRequest, PacedSummary } from './paced.js';
import { repoRoot, stopProcess } from './server.js';

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];
let finishing = false;

/** Kills `child` at the end of the run if it is still there. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs `fn` at the end of the run, after every child is gone (last registered, first run). */
export function onCleanUp(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

/** True once the run is ending: a child that exits now was stopped, not lost. */
export const isFinishing = () => finishing;

export async function cleanUpAll(): Promise<void> {
  finishing = true;
  await Promise.all([...children].map((c) => stopProcess(c, 3_000)));
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error('clean-up failed:', err);
    }
  }
}

/** Ends the run (children killed, clean-ups run) if it lasts longer than `seconds`. */
export function deadline(seconds: number): void {
  const timer = setTimeout(() => {
    console.error(`the benchmark overran its ${seconds} s deadline; stopping`);
    void cleanUpAll().finally(() => process.exit(1));
  }, seconds * 1000);
  timer.unref();
}

process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the benchmark`);
    void cleanUpAll().finally(() => process.exit(130));
  });
}

/** Runs `script` (a .ts file, relative to `cwd`) as a child process with `arg`; its last stdout line is JSON. */
export function runJsonChild<T>(cwd: string, script: string, arg: unknown, timeoutS: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script, JSON.stringify(arg)], {
        cwd,
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const limit = setTimeout(() => child.kill('SIGKILL'), timeoutS * 1000);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(limit);
      if (code !== 0) return reject(new Error(`${script} ended with ${signal ?? code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as T);
      } catch {
        reject(new Error(`${script} printed no JSON summary: ${out}`));
      }
    });
  });
}

/** autocannon in its own process (support/load.ts). */
export const runLoad = (r: LoadRequest) =>
  runJsonChild<LoadSummary>(repoRoot, 'bench/support/load.ts', r, r.seconds + r.warmupSeconds + 30);

/** The fixed-rate generator in its own process (support/paced.ts). */
export const runPaced = (r: PacedRequest) =>
  runJsonChild<PacedSummary>(repoRoot, 'bench/support/paced.ts', r, r.seconds + r.warmupSeconds + 40);
