/**
 * What the realtime gateway (`/api/realtime`, a WebSocket) sends. A client receives the events
 * of the teams it belongs to and nothing else; after a reconnect it refetches what it shows,
 * which catches up whatever it missed while away.
 */
import type { EngagementDto, PostDto } from './schemas/posts.js';

/** The path of the WebSocket under the API base; the token goes in the first message. */
export const REALTIME_PATH = 'realtime';

/** The counts and previews of a post's reactions and comments, without the viewer's own part. */
export type SharedEngagement = Omit<EngagementDto, 'buzz_type_id' | 'user_expressed'>;

export type TeamEvent =
  /** A new post on a team's timeline, as seen by someone who has not reacted yet. */
  | { type: 'post.created'; team_id: number; post: PostDto }
  | { type: 'post.deleted'; team_id: number; post_id: number }
  /** Someone reacted or commented: the post's counts now. `actor_id` lets the actor's own tabs set their part. */
  | { type: 'post.engagement'; team_id: number; post_id: number; actor_id: number; engagement: SharedEngagement };

/** Client → server. */
export type ClientMessage = { type: 'auth'; token: string } | { type: 'ping' };

/** Server → client: the gateway's own messages, then team events. */
export type ServerMessage =
  | { type: 'ready'; team_ids: number[] }
  | { type: 'pong' }
  | { type: 'error'; message: string }
  | TeamEvent;
