import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, seen from bench/support. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = root;

/** A free TCP port on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The TCP port a process listens on (Linux: its socket inodes in /proc/<pid>/fd matched against
 * the listening sockets of /proc/net/tcp), or undefined while it listens on none. A server given
 * port 0 picks its own, so no other process on a shared machine can take the port in between.
 */
export function listeningPort(pid: number): number | undefined {
  let inodes: Set<string>;
  try {
    inodes = new Set(
      readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
        try {
          const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
          return inode ? [inode] : [];
        } catch {
          return []; // closed meanwhile
        }
      }),
    );
  } catch {
    return undefined; // gone, or not Linux
  }
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const f = line.trim().split(/\s+/);
      // f[1] local address:port (hex), f[3] state (0A = LISTEN), f[9] inode
      if (f[3] === '0A' && f[9] && inodes.has(f[9])) return parseInt(f[1]!.split(':')[1]!, 16);
    }
  }
  return undefined;
}

/** Waits until `child` listens on a TCP port and returns it; gives up after `timeoutMs`. */
export async function portOf(child: ChildProcess, timeoutMs = 30_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`process ${child.pid} exited (${child.signalCode ?? child.exitCode}) before it listened`);
    const port = child.pid === undefined ? undefined : listeningPort(child.pid);
    if (port) return port;
    await sleep(50);
  }
  throw new Error(`process ${child.pid} did not listen within ${timeoutMs / 1000} s`);
}

export interface ServerOptions {
  /** The tree whose server runs (default this repository; see tree.ts for another commit's). */
  root?: string;
  /**
   * `source` (default): apps/server/src/main.ts through tsx. `dist`: the production build,
   * `node apps/server/dist/main.js` (build it first: contract, then server).
   */
  entry?: 'source' | 'dist';
  /** DATABASE_URL for the server; '' means SQLite in dataDir even if the environment sets one. */
  databaseUrl?: string;
  /** REDIS_URL for the server; '' means in-memory rate limits even if the environment sets one. */
  redisUrl?: string;
  /** pino level; default `warn`. */
  logLevel?: string;
  /** TRUST_PROXY (X-Forwarded-For gives the client address); default true. */
  trustProxy?: boolean;
  /** More of the server's variables (limits, channels), set last. */
  env?: Record<string, string>;
  /** `pipe`: the server's log (stdout, pino JSON) readable from `child.stdout`; default ignored. */
  stdout?: 'ignore' | 'pipe';
}

/**
 * Rally's server in a child process on 127.0.0.1, over `dataDir`. By default from source and
 * trusting X-Forwarded-For, so a benchmark can give each request its own client address.
 * Without `databaseUrl`/`redisUrl` the variables come from the environment, as before.
 */
export function startServer(dataDir: string, port: number, opts: ServerOptions = {}): ChildProcess {
  const tree = opts.root ?? root;
  // Through launch.mjs, so a `pkill -f apps/server/dist/main.js` aimed at someone else's server
  // on this shared machine does not stop ours.
  const launcher = path.join(root, 'bench/support/launch.mjs');
  const args = opts.entry === 'dist' ? [launcher] : ['--conditions=source', '--import', 'tsx', launcher];
  const entry = path.join(tree, opts.entry === 'dist' ? 'apps/server/dist/main.js' : 'apps/server/src/main.ts');
  return spawn(process.execPath, args, {
    cwd: tree,
    env: {
      ...process.env,
      BENCH_ENTRY: entry,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: opts.logLevel ?? 'warn',
      TRUST_PROXY: String(opts.trustProxy ?? true),
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      // An empty variable means "not set" to the server's configuration.
      ...(opts.databaseUrl !== undefined ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...(opts.redisUrl !== undefined ? { REDIS_URL: opts.redisUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', opts.stdout ?? 'ignore', 'inherit'],
  });
}

/**
 * Waits until `base + probe` answers 2xx (default the server's health check); gives up after
 * `timeoutMs` (default 10 s), or at once when `child` exits first.
 */
export async function waitHealthy(
  base: string,
  {
    timeoutMs = 10_000,
    probe = '/api/health',
    child,
  }: { timeoutMs?: number; probe?: string; child?: ChildProcess } = {},
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${base} exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${base}${probe}`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${base}${probe} did not answer within ${timeoutMs / 1000} s`);
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
export async function stopProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killer);
}
