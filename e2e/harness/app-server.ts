import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');

/** Whether the server will serve the web app: the built index.html the server itself looks for. */
export function webAppBuilt(env: NodeJS.ProcessEnv = process.env): boolean {
  const dist = env.WEB_DIST_DIR ? path.resolve(repoRoot, env.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist');
  return existsSync(path.join(dist, 'index.html'));
}

export interface AppServer {
  baseUrl: string;
  /** False when apps/web/dist is not built: the server then answers only /api. */
  webBuilt: boolean;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    probe.once('listening', resolve);
    probe.once('error', reject);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/** Sends SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface StartOptions {
  smtpUrl: string;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

/**
 * Starts the built server (`node apps/server/dist/main.js`) on 127.0.0.1 and a free port, over a
 * fresh temporary DATA_DIR (so a fresh SQLite database), and waits until GET /api/health answers.
 */
export async function startAppServer({ smtpUrl, env = {}, startTimeoutMs = 30_000 }: StartOptions): Promise<AppServer> {
  if (!existsSync(serverMain)) {
    throw new Error(`${path.relative(repoRoot, serverMain)} is missing: build first (npm run build)`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rally-e2e-'));
  const logFile = path.join(dataDir, 'server.log');

  // The free port is found by a probe that lets it go again; should another process take it in
  // the meantime the server exits at once and the next attempt picks another one.
  let lastError: Error | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const log = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(process.execPath, [serverMain], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Never reach the developer's own database or Redis from the browser tests.
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'data'),
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'Rally E2E <no-reply@rally.test>',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        ...env,
      },
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.pipe(log, { end: false });
      // Warnings and errors of the server show up beside the test output.
      stream.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk.toString()}`));
    }
    child.once('exit', () => log.end());

    const stop = async () => {
      await stopProcess(child);
      if (process.env.E2E_KEEP_DATA) console.log(`[e2e] server data kept in ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    };

    const deadline = Date.now() + startTimeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) break;
      try {
        const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return { baseUrl, webBuilt: webAppBuilt({ ...process.env, ...env }), dataDir, logFile, stop };
      } catch {
        // not listening yet
      }
      await sleep(150);
    }
    const exited = child.exitCode !== null || child.signalCode !== null;
    await stopProcess(child);
    lastError = new Error(
      `${exited ? `server exited (code ${child.exitCode ?? child.signalCode})` : `no answer from ${baseUrl}/api/health within ${startTimeoutMs} ms`}; its output:\n${tail(logFile)}`,
    );
    if (!exited || !/EADDRINUSE/.test(tail(logFile))) break;
  }
  if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  throw lastError ?? new Error('server did not start');
}
