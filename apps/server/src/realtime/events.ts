import type { TeamEvent, UserEvent } from '@rally/contract';

/**
 * Where services put their domain events. One publisher decides who receives each (members of
 * the event's team, checked at delivery); services never address clients themselves.
 */
export interface TeamEvents {
  publish(event: TeamEvent): void;
}

/** Where services put events addressed to one user (a notification): that user's sockets only. */
export interface UserEvents {
  publishToUser(event: UserEvent): void;
}

/** For code paths and tests that need no live delivery. */
export const noTeamEvents: TeamEvents = { publish: () => undefined };
