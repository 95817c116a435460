#!/usr/bin/env node
// Runs the server test suite again on PostgreSQL (and Redis, when it answers).
//
//   TEST_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/test
//   TEST_REDIS_URL     default redis://127.0.0.1:6379
//
// No PostgreSQL at the default address: a SKIPPED notice and exit 0. No Redis at the default
// address: the run goes on with PostgreSQL alone, with a notice. A URL set explicitly in the
// environment must answer: a service that was asked for and is missing is an error (exit 1).
// Extra arguments are passed on to vitest (e.g. a file filter), but for `--or-sqlite`: without
// PostgreSQL, run the server suite on SQLite instead of skipping it (CI's Node 24 pass is this
// run, and must test something on a machine without PostgreSQL).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// pg and ioredis are the server's dependencies; resolve them the way the server does.
const require = createRequire(path.join(root, 'apps/server/package.json'));

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const PROBE_TIMEOUT_MS = 3000;

const args = process.argv.slice(2);
const orSqlite = args.includes('--or-sqlite');
const vitestArgs = args.filter((a) => a !== '--or-sqlite');
const explicitDb = Boolean(process.env.TEST_DATABASE_URL);
const explicitRedis = Boolean(process.env.TEST_REDIS_URL);
const databaseUrl = process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL || DEFAULT_REDIS_URL;

/** The URL without its password, for printing. */
function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  }
}

function notice(lines) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '*'.repeat(width);
  const body = lines.map((l) => `* ${l.padEnd(width - 4)} *`).join('\n');
  console.log(`\n${bar}\n${body}\n${bar}\n`);
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves to undefined when PostgreSQL answers `select 1`, else to the reason it did not. */
async function probePostgres(url) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  client.on('error', () => {});
  try {
    await withTimeout(
      (async () => {
        await client.connect();
        await client.query('select 1');
      })(),
      PROBE_TIMEOUT_MS + 500,
      'PostgreSQL',
    );
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message || err.code || String(err) : String(err);
  } finally {
    client.end().catch(() => {});
  }
}

/** Resolves to undefined when Redis answers PING, else to the reason it did not. */
async function probeRedis(url) {
  const { Redis } = require('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let lastError;
  redis.on('error', (err) => {
    lastError = err;
  });
  try {
    await withTimeout(
      (async () => {
        await redis.connect();
        const pong = await redis.ping();
        if (pong !== 'PONG') throw new Error(`unexpected PING answer ${pong}`);
      })(),
      PROBE_TIMEOUT_MS + 500,
      'Redis',
    );
    return undefined;
  } catch (err) {
    const cause = lastError ?? err;
    return cause instanceof Error ? cause.message || cause.code || String(cause) : String(cause);
  } finally {
    redis.disconnect();
  }
}

const [pgProblem, redisProblem] = await Promise.all([probePostgres(databaseUrl), probeRedis(redisUrl)]);

if (pgProblem) {
  if (explicitDb) {
    notice([
      `FAILED: TEST_DATABASE_URL is set but PostgreSQL does not answer at ${redact(databaseUrl)}`,
      `Reason: ${pgProblem}`,
    ]);
    process.exit(1);
  }
  notice([
    `SKIPPED: PostgreSQL run — no server at ${redact(databaseUrl)}`,
    `Reason: ${pgProblem}`,
    orSqlite
      ? 'The server tests run on SQLite instead (--or-sqlite).'
      : 'Set TEST_DATABASE_URL (and TEST_REDIS_URL) to run the server tests on PostgreSQL/Redis.',
  ]);
  if (!orSqlite) process.exit(0);
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  delete env.TEST_REDIS_URL;
  runVitest(env);
} else {
  runServicesSuite();
}

function runServicesSuite() {
  const env = { ...process.env, TEST_DATABASE_URL: databaseUrl };
  if (redisProblem) {
    if (explicitRedis) {
      notice([
        `FAILED: TEST_REDIS_URL is set but Redis does not answer at ${redact(redisUrl)}`,
        `Reason: ${redisProblem}`,
      ]);
      process.exit(1);
    }
    delete env.TEST_REDIS_URL;
    notice([
      `NOTICE: Redis not found at ${redact(redisUrl)} (${redisProblem})`,
      `Running the server tests on PostgreSQL ${redact(databaseUrl)} alone, without Redis.`,
    ]);
  } else {
    env.TEST_REDIS_URL = redisUrl;
    console.log(`Server tests on PostgreSQL ${redact(databaseUrl)} and Redis ${redact(redisUrl)}\n`);
  }

  runVitest(env);
}

function runVitest(env) {
  const child = spawn('npx', ['vitest', 'run', '--project', 'server', ...vitestArgs], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('error', (err) => {
    console.error(`test-services: could not start vitest: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      console.error(`test-services: vitest ended by ${signal}`);
      process.exit(1);
    }
    process.exit(code ?? 1);
  });
}
