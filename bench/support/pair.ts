/**
 * Rally's server and the bare Fastify hello-world (hello-server.mjs), each in its own process,
 * started side by side for a benchmark that measures both in the same run. The server's log is
 * kept in `dataDir`/server.log and read for errors (server-log.ts); a process that exits before
 * `stop` is reported, and `alive` throws once either is gone (the results would be void).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { isFinishing, track } from './children.js';
import { portOf, repoRoot, startServer, stopProcess, waitHealthy, type ServerOptions } from './server.js';
import { watchLog, type LogWatch } from './server-log.js';

export interface Pair {
  rally: ChildProcess;
  hello: ChildProcess;
  /** Their origins, `http://127.0.0.1:<port>`. */
  bases: { rally: string; hello: string };
  log: LogWatch;
  /** Throws when either process is gone. */
  alive: () => void;
  /** Stops both (SIGTERM, then SIGKILL). */
  stop: () => Promise<void>;
}

/** `label` prefixes the messages; `opts` are the server's (its stdout is always piped to the log). */
export async function startPair(label: string, dataDir: string, opts: ServerOptions): Promise<Pair> {
  const rally = track(startServer(dataDir, 0, { ...opts, stdout: 'pipe' }));
  const log = watchLog(rally, path.join(dataDir, 'server.log'));
  const hello = track(
    spawn(process.execPath, ['bench/support/hello-server.mjs', '0'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  let stopping = false;
  const both = [
    ['Rally server', rally],
    ['hello-world', hello],
  ] as const;
  for (const [name, child] of both) {
    child.once('exit', (code, signal) => {
      if (!stopping && !isFinishing())
        console.error(`[${label}] the ${name} (pid ${child.pid}) exited with ${signal ?? code} during the run`);
    });
  }
  const bases = {
    rally: `http://127.0.0.1:${await portOf(rally)}`,
    hello: `http://127.0.0.1:${await portOf(hello)}`,
  };
  await waitHealthy(bases.rally, { timeoutMs: 30_000, child: rally });
  await waitHealthy(bases.hello, { timeoutMs: 10_000, probe: '/', child: hello });
  return {
    rally,
    hello,
    bases,
    log,
    alive: () => {
      for (const [name, child] of both)
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the ${name} is gone; results void`);
    },
    stop: async () => {
      stopping = true;
      await Promise.all([stopProcess(rally), stopProcess(hello)]);
    },
  };
}
