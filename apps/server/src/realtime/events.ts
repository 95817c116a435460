import type { TeamEvent, UserEvent } from '@rally/contract';

/**
 * Where the event log's realtime consumer (consumer.ts) puts what clients are sent. One publisher
 * decides who receives each (members of the event's team, checked at delivery); services record
 * events in the log (ADR 0024) and never address clients themselves.
 */
export interface TeamEvents {
  publish(event: TeamEvent): void;
}

/** Where services put events addressed to one user (a notification): that user's sockets only. */
export interface UserEvents {
  publishToUser(event: UserEvent): void;
}
