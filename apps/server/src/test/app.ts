import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig, sqliteFileIn, type Config } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { testAppEnv } from './child-app.js';
import { freshIpApi } from './factories.js';
import { dropTestSchema, holdSharedLock } from './schema-lock.js';

export { dropTestSchema, whileSchemasStay } from './schema-lock.js';

/** Which database this run uses: PostgreSQL when TEST_DATABASE_URL is set, else SQLite files. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /**
   * JSON call against /api with optional bearer token; `extra` adds inject options
   * (`remoteAddress`, `headers` merged over the defaults, an undefined value removes one).
   */
  api: (
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    token?: string,
    extra?: Partial<InjectOptions>,
  ) => Promise<LightMyRequestResponse>;
  /** Its data folder (SQLite file, uploads) and, on PostgreSQL, its schema. */
  dataDir: string;
  pgSchema: string | undefined;
  /** Closes the app and removes its database (unless built with `keep`); a second call waits for the first. */
  close: () => Promise<void>;
  /** The SQL of every query `work` runs, mail outbox passes left out (its value with it): a call's query count. */
  queriesOf: <T>(work: () => Promise<T>) => Promise<{ result: T; queries: string[] }>;
}

export interface TestAppPlace {
  /** Reopen this data folder (and PostgreSQL schema) instead of making fresh ones. */
  dataDir?: string;
  pgSchema?: string | undefined;
  /** Leave the data folder and schema in place on close (to reopen them). */
  keep?: boolean;
  /** Push's clock and HTTPS agent (push tests). */
  push?: AppOptions['push'];
  /** Receives the app's log lines (pino JSON) at LOG_LEVEL; without it the app logs nothing. */
  logStream?: AppOptions['logStream'];
  /** Start the periodic jobs (scheduler tests); other tests run the jobs themselves. */
  schedules?: boolean;
  /** Start with the event dispatcher held (`app.events.resume()`). */
  holdEvents?: boolean;
}

/** Builds the real app over a fresh database (temp SQLite file, or an isolated PostgreSQL schema). */
export async function buildTestApp(env: Record<string, string> = {}, place: TestAppPlace = {}): Promise<TestApp> {
  const dataDir = place.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'rally-test-'));
  const config = loadConfig({
    ...testAppEnv(dataDir),
    // Tests set up many teams and writes through the API in seconds; write-limits.test.ts
    // checks the production limits.
    LIMIT_WRITES_PER_MINUTE: '100000',
    LIMIT_TEAMS_PER_MINUTE: '100000',
    LIMIT_TEAMS_PER_DAY: '100000',
    LIMIT_INVITE_RECIPIENTS_PER_HOUR: '100000',
    LIMIT_INVITE_RECIPIENTS_PER_DAY: '100000',
    // Test files run in parallel against one Redis: each app publishes on its own channel.
    ...(testRedisUrl
      ? { REDIS_URL: testRedisUrl, REALTIME_CHANNEL: `rally-test-${randomBytes(6).toString('hex')}` }
      : {}),
    ...env,
  });

  let schema: string | undefined = place.pgSchema;
  if (testDatabaseUrl && !schema) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  let recorded: string[] | undefined;
  const db = openDatabase({
    databaseUrl: testDatabaseUrl,
    sqliteFile: sqliteFileIn(dataDir),
    ...(schema ? { pgSchema: schema } : {}),
    onQuery: (sql) => recorded?.push(sql),
  });
  const cleanUp = async () => {
    if (place.keep) return;
    if (schema) await dropTestSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  let built: FastifyInstance | undefined;
  const migrating = testDatabaseUrl ? await holdSharedLock(testDatabaseUrl) : undefined;
  try {
    app = built = await buildApp({
      config,
      db,
      logger: place.logStream !== undefined,
      ...(place.logStream ? { logStream: place.logStream } : {}),
      rateLimitNamespace: `rl-${randomBytes(6).toString('hex')}:`,
      schedules: place.schedules ?? false,
      ...(place.push ? { push: place.push } : {}),
      // An account under attack answers at once: the tests count answers, not seconds
      // (failure-guard.test.ts checks the waits themselves).
      authSlowDown: () => Promise.resolve(),
      holdEvents: place.holdEvents ?? false,
    });
    await app.ready();
  } catch (err) {
    // A failed start (a migration error, say) must not leave a pool, a schema or files behind.
    await migrating?.end(); // before the drop below waits for it
    await built?.close().catch(() => undefined);
    await db.kysely.destroy().catch(() => undefined);
    await cleanUp();
    throw err;
  }
  await migrating?.end();

  let closing: Promise<void> | undefined;
  return {
    app,
    db,
    config,
    dataDir,
    pgSchema: schema,
    api: (method, url, body, token, { headers, ...extra } = {}) =>
      app.inject({
        method,
        url: url.startsWith('/') ? url : `/api/${url}`,
        ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
        ...extra,
        // Merged last, so extra headers add to or override the defaults (undefined drops one).
        headers: Object.fromEntries(
          Object.entries({
            'accept-version': '1.3',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(headers ?? {}),
          }).filter(([, v]) => v !== undefined),
        ),
      } as InjectOptions),
    close: () => (closing ??= app.close().then(cleanUp)),
    queriesOf: async (work) => {
      // The event log's consumers are held while counting: a drain may start at any moment (woken
      // by the log's poll) and its transactions' commits cannot be told from the call's.
      const held = app.events.holding;
      app.events.hold();
      // Work earlier calls queued (notifications of a join, a conversion and its media.ready, a
      // dispatcher run under way) would otherwise land in this count.
      await app.queue.idle();
      const all: string[] = [];
      recorded = all;
      try {
        const result = await work();
        // The work queue works beside every call (woken at any moment by the log's poll or a
        // NOTIFY): its claims, renewals and ends are not the call's, nor the event tail's reads of
        // the log, nor the NOTIFY (PostgreSQL only). (The async context cannot tell them apart:
        // inject loses it.) A call's own events and jobs still count by their inserts.
        return { result, queries: all.filter((sql) => !besideTheCall(sql)) };
      } finally {
        recorded = undefined;
        if (!held) app.events.resume();
      }
    },
  };
}

/** The SQL of work that runs beside any call: the work queue's jobs, the event path's polls. */
const besideTheCall = (sql: string): boolean =>
  (sql.includes('"jobs"') && !/^\s*insert into "jobs"/i.test(sql)) ||
  sql.includes('"mail_outbox"') ||
  sql.includes('"event_consumers"') ||
  sql.includes('pg_notify') ||
  sql.includes('pg_advisory_xact_lock(hashtext(current_schema()), hashtext($1))') ||
  /^\s*select\b[\s\S]*\bfrom "events"/i.test(sql);

/**
 * Another app process over the same database as `of` (its SQLite file or PostgreSQL schema), as
 * two Rally processes share one: its own caches, pool and listeners. Closing it leaves the
 * database to `of`.
 */
export const buildSecondProcess = (of: TestApp, env: Record<string, string> = {}): Promise<TestApp> =>
  buildTestApp(env, { dataDir: of.dataDir, pgSchema: of.pgSchema, keep: true });

/**
 * One app for the file (or the `describe` it is called in): builds it before the tests and closes
 * it after them. The handle's members read the app once it is built, so use them inside tests and
 * hooks. Its `api` calls each come from a fresh client address (unless `remoteAddress` is given),
 * so tests sharing the app never share a per-IP rate-limit bucket.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(env);
  });
  afterAll(() => built?.close());
  const current = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll; use it inside tests and hooks');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get config() {
      return current().config;
    },
    get dataDir() {
      return current().dataDir;
    },
    get pgSchema() {
      return current().pgSchema;
    },
    api: freshIpApi(current),
    close: () => current().close(),
    queriesOf: (work) => current().queriesOf(work),
  };
}

/** One line of the app's log (pino JSON). */
export interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

/** A log destination that keeps the lines, for `buildTestApp(env, { logStream })` (set LOG_LEVEL too). */
export function capturedLog(): { stream: { write(line: string): void }; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return { stream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) }, lines };
}
