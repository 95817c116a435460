import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { EventTail } from '../../events/tail.js';
import type { Scheduler } from '../../queue/work-queue.js';
import type { TeamAccess } from '../members/team-access.js';
import type { PostsRepository } from '../posts/repository.js';
import type { PostsService } from '../posts/service.js';
import type { UploadsService } from '../uploads/service.js';
import { LocalRoomBus } from './local-room-bus.js';
import { MemoryRoomStore } from './memory-room-store.js';
import { WatercoolerPasses } from './pass.js';
import { RedisRoomBus } from './redis-room-bus.js';
import { RedisRoomStore } from './redis-room-store.js';
import { WatercoolerRepository } from './repository.js';
import type { RoomBus, RoomStore } from './room-store.js';
import { WatercoolerService } from './service.js';
import { RoomSockets } from './socket.js';

/** How often the sweeper looks for rooms whose sockets vanished or that went idle. */
export const SWEEP_EVERY_MS = 15_000;

export interface WatercoolerSetup {
  config: Config;
  db: Kysely<Database>;
  /** Set (REDIS_URL): rooms live in Redis and travel through its pub/sub, shared by every API process. */
  redis: Redis | undefined;
  access: TeamAccess;
  uploads: Pick<UploadsService, 'claim' | 'remove' | 'urlOf'>;
  posts: Pick<PostsRepository, 'insert' | 'view'>;
  present: Pick<PostsService, 'present'>;
  /** What this process hears of the event log: a member removed is closed out of the room. */
  tail: Pick<EventTail, 'on'>;
  log: FastifyBaseLogger;
}

export interface Watercooler {
  service: WatercoolerService;
  sockets: RoomSockets;
  store: RoomStore;
  /** Stops the sockets' work (after it finishes), then the bus and the store. */
  close(): Promise<void>;
}

/** The watercooler of the configured kind: rooms in this process (the default), or in Redis. */
export async function createWatercooler({
  config,
  db,
  redis,
  access,
  uploads,
  posts,
  present,
  tail,
  log,
}: WatercoolerSetup): Promise<Watercooler> {
  const store: RoomStore = redis ? new RedisRoomStore(redis, config.WATERCOOLER_KEY_PREFIX) : new MemoryRoomStore();
  const bus: RoomBus = redis
    ? await RedisRoomBus.start({ redis, channel: config.WATERCOOLER_CHANNEL, log })
    : new LocalRoomBus();
  const service = new WatercoolerService({
    db,
    repo: new WatercoolerRepository(db),
    access,
    store,
    bus,
    passes: new WatercoolerPasses(config.APP_SECRET, config.WATERCOOLER_TOKEN_TTL_SECONDS),
    ice: {
      stunUrls: config.WATERCOOLER_STUN_URLS,
      turnUrls: config.WATERCOOLER_TURN_URLS,
      turnSecret: config.WATERCOOLER_TURN_SECRET,
      turnTtlSeconds: config.WATERCOOLER_TURN_TTL_SECONDS,
    },
    uploads,
    posts,
    present,
    idleMinutes: config.WATERCOOLER_IDLE_MINUTES,
    log,
  });
  const sockets = new RoomSockets({
    service,
    messagesPerMinute: config.WATERCOOLER_MESSAGES_PER_MINUTE,
    connectsPerMinute: config.LIMIT_REALTIME_CONNECTS_PER_MINUTE,
    log,
  });
  const unfollow = sockets.follow(tail);
  return {
    service,
    sockets,
    store,
    close: async () => {
      unfollow();
      await sockets.close();
      await bus.close();
      await store.close();
    },
  };
}

/** The sweeper (ADR 0025's scheduler): ends rooms whose every lease ran out, and idle ones. */
export function registerWatercoolerSweep(scheduler: Scheduler, service: WatercoolerService): void {
  scheduler.every('watercooler.sweep', SWEEP_EVERY_MS, () => service.sweep(), { didWork: 'watercooler rooms ended' });
}
