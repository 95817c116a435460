import { z } from 'zod';
import { WatercoolerLimits } from '../watercooler-limits.js';
import { MAX_ID } from './common.js';

/**
 * POST user/team/{id}/watercooler/access (spec §3 Watercooler response, §7): a short-lived signed
 * `token` that opens the room socket (`WATERCOOLER_PATH`) of `channel`, and the ICE servers of the
 * video call (TURN credentials expire with `expires_at`'s hour, see docs/adr/0029-watercooler.md).
 */
export const iceServerDto = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServerDto = z.infer<typeof iceServerDto>;

export const watercoolerAccessDto = z.object({
  token: z.string(),
  /** When `token` stops opening the room (ISO 8601); enter again for a new one. */
  expires_at: z.string(),
  channel: z.object({
    /** `team-{id}-watercooler`: the team's one room. */
    unique_name: z.string(),
    /** The open room's id: a new one each time a room opens. */
    channel_sid: z.string(),
  }),
  ice_servers: z.array(iceServerDto),
});
export type WatercoolerAccessDto = z.infer<typeof watercoolerAccessDto>;

/** Spec §3 Chat message: who sent it (their attributes), when, and its words or its image. */
export const chatAttributesDto = z.object({
  id: z.number().int(),
  first_name: z.string(),
  full_name: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
});
export type ChatAttributesDto = z.infer<typeof chatAttributesDto>;

export const chatMessageDto = z.object({
  /** Rising within a room: the cursor of Load More. */
  id: z.number().int(),
  type: z.enum(['text', 'media']),
  /** The words (a media message may carry a line too); '' when there are none. */
  body: z.string(),
  attributes: chatAttributesDto,
  /** When the room took it (ISO 8601). */
  timestamp: z.string(),
  /** A media message's image: a signed, expiring URL. */
  media: z.string().nullable(),
});
export type ChatMessageDto = z.infer<typeof chatMessageDto>;

/** GET user/team/{id}/watercooler/messages?before: the open room's messages before `before`, newest page first. */
export const watercoolerMessagesQuery = z.object({
  before: z.coerce.number().int().positive().max(MAX_ID).optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(WatercoolerLimits.pageSize),
});
export type WatercoolerMessagesQuery = z.output<typeof watercoolerMessagesQuery>;

/** The page, oldest first (as the list shows it); `has_more` while older messages remain. */
export const watercoolerMessagesDto = z.object({
  data: z.array(chatMessageDto),
  meta: z.object({ has_more: z.boolean(), per_page: z.number().int() }),
  message: z.string().optional(),
});
export type WatercoolerMessagesDto = z.infer<typeof watercoolerMessagesDto>;
