/**
 * The app of a child process in the two-process tests (the `testing/` scripts): the real app on
 * the test's data folder (SQLite file) or PostgreSQL schema, started under the schema lock; and
 * `spawnChild`, how a test starts such a script and kills it.
 * Without vitest, so a plain `node --import tsx` process can run it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, sqliteFileIn } from '../config.js';
import { openDatabase } from '../db/database.js';
import { whileSchemasStay } from './schema-lock.js';

/** The settings every test app starts from: a data folder of its own, no log, a fresh secret. */
export const testAppEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  APP_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'http://rally.test',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
});

/** `schema` is the PostgreSQL schema, or `-` on SQLite; `env` adds settings. */
export async function buildChildApp(
  dataDir: string,
  schema: string,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({ ...testAppEnv(dataDir), ...env });
  const db = openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    sqliteFile: sqliteFileIn(dataDir),
    ...(schema !== '-' ? { pgSchema: schema } : {}),
  });
  // Migrations read every schema: no other test may drop its schema meanwhile.
  return whileSchemasStay(async () => {
    const app = await buildApp({ config, db, logger: false, schedules: false });
    await app.ready();
    return app;
  });
}

/** A `testing/` script running in a child process (`spawnChild`). */
export interface Child {
  process: ChildProcess;
  /** Resolves with the first match of `pattern` in what it printed; rejects if it ends first. */
  printed(pattern: RegExp): Promise<RegExpExecArray>;
  /** Kills it with SIGKILL (kill -9): resolves with the signal it ended by. */
  kill(): Promise<NodeJS.Signals | null>;
  /** What it wrote to stderr so far. */
  readonly stderr: string;
}

/** Starts `script` (a `testing/` script, through tsx) with `args` in a child process. */
export function spawnChild(script: string, args: readonly string[]): Child {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  let out = '';
  let err = '';
  const waiting = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    for (const check of waiting) check();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return {
    process: child,
    get stderr() {
      return err;
    },
    printed: (pattern) =>
      Promise.race([
        new Promise<RegExpExecArray>((resolve) => {
          const check = () => {
            const match = pattern.exec(out);
            if (!match) return;
            waiting.delete(check);
            resolve(match);
          };
          waiting.add(check);
          check();
        }),
        exited.then((): never => {
          throw new Error(`the child ended: ${err}`);
        }),
      ]),
    kill: async () => {
      child.kill('SIGKILL');
      const [, signal] = await exited;
      return signal;
    },
  };
}
