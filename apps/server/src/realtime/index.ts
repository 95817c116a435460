import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ClientHub } from './hub.js';
import { LocalTeamEvents, RedisTeamEvents, type TeamEventsPublisher } from './publisher.js';
import { RealtimeRepository } from './repository.js';

export type { TeamEvents, UserEvents } from './events.js';
export { realtimeConsumer } from './consumer.js';
export { registerRealtimeGateway } from './gateway.js';

export interface RealtimeDeps {
  db: Kysely<Database>;
  /** Set (REDIS_URL): events travel through Redis pub/sub, so every API process delivers them. */
  redis?: Redis | undefined;
  channel: string;
  log: FastifyBaseLogger;
}

export interface RealtimeParts {
  /** The publisher the services are given (`TeamEvents`). */
  events: TeamEventsPublisher;
  /** This process's sockets, for the gateway. */
  hub: ClientHub;
  repo: RealtimeRepository;
}

/** The hub and the publisher of the configured kind: in-process, or through Redis pub/sub. */
export async function createRealtime({ db, redis, channel, log }: RealtimeDeps): Promise<RealtimeParts> {
  const repo = new RealtimeRepository(db);
  const hub = new ClientHub({ repo, log });
  const events = redis ? await RedisTeamEvents.start({ redis, channel, hub, log }) : new LocalTeamEvents(hub);
  return { events, hub, repo };
}
