/**
 * What the realtime gateway (`/api/realtime`, a WebSocket) sends. A client receives the events
 * of the teams it belongs to and nothing else; after a reconnect it refetches what it shows,
 * which catches up whatever it missed while away.
 */
import type { NotificationDto } from './schemas/notifications.js';
import type { EngagementDto, PostDto } from './schemas/posts.js';

/** The path of the WebSocket under the API base; the token goes in the first message. */
export const REALTIME_PATH = 'realtime';

/** The counts and previews of a post's reactions and comments, without the viewer's own part. */
export type SharedEngagement = Omit<EngagementDto, 'buzz_type_id' | 'user_expressed'>;

export type TeamEvent =
  /** A new post on a team's timeline, as seen by someone who has not reacted yet. */
  | { type: 'post.created'; team_id: number; post: PostDto }
  /**
   * A post's words changed (an edited published topic): the post as it now is, as seen by someone
   * who has not reacted; receivers keep their own `buzz_type_id` and `user_expressed`.
   */
  | { type: 'post.updated'; team_id: number; post: PostDto }
  | { type: 'post.deleted'; team_id: number; post_id: number }
  /** Someone reacted or commented: the post's counts now. `actor_id` lets the actor's own tabs set their part. */
  | { type: 'post.engagement'; team_id: number; post_id: number; actor_id: number; engagement: SharedEngagement }
  /** A list was created (`list_id` null) or a task of one was added, completed, deleted or engaged with. */
  | { type: 'todo.changed'; team_id: number; list_id: number | null }
  /**
   * A team video or slideshow changed: an answer came, was hidden or shown, or it was published.
   * Receivers refetch the prompt and its post (what each may see depends on who they are).
   */
  | { type: 'prompt.changed'; team_id: number; post_id: number; prompt_id: number }
  /**
   * An attached video or audio file of the team finished converting (or failed): receivers
   * refetch what shows it (its post, comments, a prompt's answers).
   */
  | { type: 'media.ready'; team_id: number; post_id: number | null }
  /**
   * Someone joined the team or a member's role changed: receivers read the team, its members and
   * its profile again (the member count enables Request Check-in; the first steps tick).
   */
  | { type: 'team.members_changed'; team_id: number };

/**
 * Events addressed to one user (whatever their teams): delivered to that user's sockets only,
 * with a live token, in every process.
 */
export type UserEvent =
  | { type: 'notification.created'; user_id: number; notification: NotificationDto }
  /**
   * The owner deleted (or restored) an engagement the user is in: their lists refetch, and a
   * screen of the deleted one leaves it. Addressed to each member, as a deleted team has none.
   */
  | { type: 'team.deleted' | 'team.restored'; user_id: number; deleted_team_id: number };

/** The `type`s of `UserEvent`, for whoever routes events by kind (the Redis subscriber). */
export const USER_EVENT_TYPES: readonly UserEvent['type'][] = ['notification.created', 'team.deleted', 'team.restored'];

/** Everything services publish: team events and user events. */
export type RealtimeEvent = TeamEvent | UserEvent;

/**
 * The gateway's rules, shared by the server that enforces them and the client that follows them.
 * The first message must be `auth` within `authTimeoutMs`; a message larger than
 * `maxMessageBytes` closes the socket (1009).
 */
export const Realtime = {
  authTimeoutMs: 5_000,
  maxMessageBytes: 4 * 1024,
  /** The client sends `ping` this often and expects `pong` within `pongTimeoutMs`, else reconnects. */
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
} as const;

/**
 * Close codes of the gateway besides the standard ones (1001 going away, 1008 too many messages,
 * 1009 too big, 1011 server error, 1012 restart: the client reconnects after all of these). Only `unauthenticated`
 * is final: the token is bad or revoked, and reconnecting with it is pointless.
 */
export const RealtimeClose = {
  /** A message that is not JSON or not one of `ClientMessage`, or a message before `auth`. */
  badMessage: 4400,
  /** No `auth` in time, a token that proves no session, or a session that has ended since. */
  unauthenticated: 4401,
  /** The user has too many sockets open already. */
  tooManyConnections: 4429,
} as const;

/** Client → server. */
export type ClientMessage = { type: 'auth'; token: string } | { type: 'ping' };

/** Server → client: the gateway's own messages, then team events. */
export type ServerMessage =
  { type: 'ready'; team_ids: number[] } | { type: 'pong' } | { type: 'error'; message: string } | TeamEvent | UserEvent;
