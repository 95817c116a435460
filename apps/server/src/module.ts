import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppOptions } from './app.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { EventConsumers } from './events/consumers.js';
import type { EventTail } from './events/tail.js';
import type { Api } from './http/route.js';
import type { WorkQueue } from './queue/work-queue.js';

/**
 * What modules give each other: each module adds its own entries to this interface (declaration
 * merging in its `module.ts`) and sets them in `setup`. A module reads only what modules listed
 * before it in `app.ts` have set; reading one that is not set yet throws, naming it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules
export interface Services {}

/** The app's shared parts and the services of the modules set up so far. */
export interface ModuleContext {
  app: FastifyInstance;
  config: Config;
  db: Db;
  redis: Redis | undefined;
  log: FastifyBaseLogger;
  /** The one durable work queue (ADR 0039): handlers, periodic jobs, enqueue. */
  queue: WorkQueue;
  /** The event log's consumers (ADR 0024): a module adds its own with `events.add`. */
  events: EventConsumers;
  /** What this process hears of the event log (ADR 0026). */
  tail: EventTail;
  /** Options of the build that some modules read (tests' clocks and waits). */
  options: {
    rateLimitNamespace: string;
    push: NonNullable<AppOptions['push']>;
    authSlowDown: AppOptions['authSlowDown'];
  };
  services: Services;
}

/**
 * A module is one plugin: its services, queue handlers, periodic jobs, socket endpoints and
 * routes, registered by the app in the order `app.ts` lists them (docs/adding-a-module.md).
 */
export interface RallyModule {
  name: string;
  /** Builds the module's services (`ctx.services`), its queue handlers and periodic jobs. */
  setup?(ctx: ModuleContext): void | Promise<void>;
  /** Its socket endpoints, on the root app before any route (the WebSocket plugin must see them all). */
  sockets?(app: FastifyInstance, ctx: ModuleContext): void;
  /** Routes outside /api (signed file URLs). */
  rootRoutes?(app: FastifyInstance, ctx: ModuleContext): void | Promise<void>;
  /** Its routes, in the /api scope that validates and serialises with the contract. */
  routes?(api: Api, ctx: ModuleContext): void;
  /** Starts what runs once every module is set up and the app is built. */
  start?(ctx: ModuleContext): void | Promise<void>;
  /** Closes what it opened; modules close in the reverse of their order, after the queue stops. */
  close?(ctx: ModuleContext): void | Promise<void>;
}

/** Names a module plugin (a typed identity, so a module file reads as a declaration). */
export const defineModule = (module: RallyModule): RallyModule => module;

/** The services bag: reading a service no module has set yet throws, naming it. */
export function servicesBag(): Services {
  const bag: Record<string, unknown> = {};
  return new Proxy(bag, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target))
        throw new Error(`service '${key}' is used before the module that sets it (check the order in app.ts)`);
      return target[key as string];
    },
  }) as unknown as Services;
}
