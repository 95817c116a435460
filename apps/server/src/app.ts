import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { API_VERSION, Messages, Realtime, WatercoolerLimits } from '@rally/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sqliteFileIn, type Config } from './config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { EventConsumers } from './events/consumers.js';
import { EVENTS_CHANNEL } from './events/log.js';
import { EventTail } from './events/tail.js';
import { authenticatePlugin } from './http/authenticate.js';
import { badRequest } from './http/errors.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerMultipart } from './http/multipart.js';
import { registerUserWrites } from './http/rate-limits.js';
import { registerResponseHeaders } from './http/response-headers.js';
import { serializerCompiler } from './http/serialize.js';
import { registerSocketServer } from './http/socket-endpoint.js';
import { validatorCompiler } from './http/validate.js';
import { registerWebApp } from './http/web-app.js';
import { servicesBag, type ModuleContext } from './module.js';
import { MODULES } from './modules/index.js';
import type { PushDeps } from './modules/push/service.js';
import { WorkQueue } from './queue/work-queue.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Images drawn for Rally (levels, moods, buzzes), shipped with the server. */
const ASSETS_DIR = path.resolve(here, '../assets');

declare module 'fastify' {
  interface FastifyInstance {
    /** The one durable work queue (ADR 0039); tests wait for it with `idle()`. */
    queue: WorkQueue;
    /** Hands the event log to its consumers (ADR 0024, 0039); tests hold and resume it. */
    events: EventConsumers;
    /** What this process hears of the event log (ADR 0026). */
    eventTail: EventTail;
  }
}

export interface AppOptions {
  config: Config;
  /** Tests pass their own database (a temp SQLite file or an isolated PostgreSQL schema). */
  db?: Db;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them); with `logger: true`. */
  logStream?: { write(line: string): void };
  /** Prefix of rate-limit keys in Redis; tests keep theirs apart. */
  rateLimitNamespace?: string;
  /** Run the periodic jobs (trial expiry…); tests call the jobs themselves. */
  schedules?: boolean;
  /** Tests: the clock of push quiet hours and the HTTPS agent that trusts their push service. */
  push?: Pick<PushDeps, 'now' | 'agent'>;
  /** Tests: how the failure guards slow down an account under attack (by default a real sleep). */
  authSlowDown?: (ms: number) => Promise<void>;
  /** Tests: start with the event log's consumers held (`app.events.resume()` lets them go). */
  holdEvents?: boolean;
}

/** Builds the whole app from its configuration: shared parts, then the modules; `main.ts` only listens. */
export async function buildApp({
  config,
  db: givenDb,
  logger = true,
  logStream,
  rateLimitNamespace = 'rally-rl:',
  schedules = true,
  push,
  authSlowDown,
  holdEvents = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // A request whose body never finishes is closed (Fastify's default is no limit at all).
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      // Node looks for expired requests this often (its default, 30 s, would let them overstay).
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.HEADERS_TIMEOUT_MS / 2)),
    },
  });

  const db = givenDb ?? openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: sqliteFileIn(config.DATA_DIR) });
  await migrateToLatest(db.kysely);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  // Everything that runs after a write or on a schedule (ADR 0039).
  const queue = new WorkQueue({
    db: db.kysely,
    dialect: db.dialect,
    log: app.log,
    periodic: schedules,
    channel: EVENTS_CHANNEL,
  });
  app.decorate('queue', queue);
  // What this process hears of the database: it wakes the queue and evicts the kept reads (ADR 0026).
  const tail = new EventTail({ db, log: app.log, pollMs: config.EVENTS_POLL_MS, onWake: () => queue.wake() });
  app.decorate('eventTail', tail);
  // The event log's consumers, each a queue of the work queue; modules add theirs (ADR 0024, 0039).
  const events = new EventConsumers({
    db: db.kysely,
    dialect: db.dialect,
    queue,
    log: app.log,
    retentionHours: config.EVENTS_RETENTION_HOURS,
    dispatch: config.EVENTS_DISPATCH,
  });
  app.decorate('events', events);
  if (holdEvents) events.hold();

  const ctx: ModuleContext = {
    app,
    config,
    db,
    redis,
    log: app.log,
    queue,
    events,
    tail,
    options: { rateLimitNamespace, push: push ?? {}, authSlowDown },
    services: servicesBag(),
  };
  for (const module of MODULES) await module.setup?.(ctx);

  app.addHook('onClose', async () => {
    await queue.close(); // runs under way finish first (or are handed back)
    await tail.close();
    for (const module of [...MODULES].reverse()) await module.close?.(ctx);
    await db.kysely.destroy();
    await redis?.quit();
  });

  registerErrorHandler(app);
  registerResponseHeaders(app, {
    httpsPublic: config.PUBLIC_URL.startsWith('https://'),
    hstsIncludeSubdomains: config.HSTS_INCLUDE_SUBDOMAINS,
    fileOrigins: ctx.services.files.origins,
    frameAncestors: config.FRAME_ANCESTORS,
  });
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: rateLimitNamespace } : {}) });
  // Before every other route: the WebSocket plugin must see them all (http/socket-endpoint.ts).
  await registerSocketServer(app, {
    maxPayload: Math.max(Realtime.maxMessageBytes, WatercoolerLimits.socketMessageMaxBytes),
  });
  for (const module of MODULES) module.sockets?.(app, ctx);
  await registerMultipart(app);
  await app.register(fastifyStatic, { root: ASSETS_DIR, prefix: '/static/', decorateReply: false, maxAge: '7d' });
  for (const module of MODULES) await module.rootRoutes?.(app, ctx);

  await app.register(
    async (scope) => {
      // Every route validates its input and serialises its output with the contract's schemas.
      scope.setValidatorCompiler(validatorCompiler);
      scope.setSerializerCompiler(serializerCompiler);
      const api = scope.withTypeProvider<ZodTypeProvider>();
      // A callback hook: on every API request, an async one cost a promise and a microtask.
      api.addHook('onRequest', (request, _reply, done) => {
        const version = request.headers['accept-version'];
        done(
          version !== undefined && version !== API_VERSION
            ? badRequest(Messages.unsupportedVersion, 'unsupported_version')
            : undefined,
        );
      });
      await api.register(authenticatePlugin, { resolve: (token) => ctx.services.auth.authenticate(token) });
      registerUserWrites(api, config.LIMIT_WRITES_PER_MINUTE);
      for (const module of MODULES) module.routes?.(api, ctx);
    },
    { prefix: '/api' },
  );

  registerWebApp(app, config.WEB_DIST_DIR);
  await tail.start();
  for (const module of MODULES) await module.start?.(ctx);
  await queue.start();
  return app;
}
