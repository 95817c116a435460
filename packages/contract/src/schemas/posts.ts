import { z } from 'zod';
import { BUZZ_TYPE_IDS } from '../lookups.js';
import { Limits } from '../limits.js';
import { PostMessages } from '../post-messages.js';
import { MediaType } from '../ids.js';
import { MAX_ID, idParam, pageQuery, textField } from './common.js';
import { teamParams } from './teams.js';

/** `user/team/:id/posts/:postId/...` and `user/team/:id/post/:postId/...`. */
export const postParams = teamParams.extend({ postId: idParam });

const userRefDto = z.object({ id: z.number().int(), full_name: z.string(), avatar: z.string().nullable() });
export type UserRefDto = z.infer<typeof userRefDto>;
export { userRefDto };

export const colorDto = z.object({ id: z.number().int(), name: z.string(), color_gradient: z.array(z.string()) });
export type ColorDto = z.infer<typeof colorDto>;

export const moodDto = z.object({
  id: z.number().int(),
  mood_group_id: z.number().int(),
  name: z.string(),
  media: z.string(),
});
export type MoodDto = z.infer<typeof moodDto>;

export const moodQuery = z.object({
  mood_group_id: z.coerce
    .number({ error: PostMessages.moodGroupInvalid })
    .int()
    .refine((v) => v === 1 || v === 2, PostMessages.moodGroupInvalid)
    .optional(),
});

export const mediaTypeName = z.enum(['text', 'photo', 'video', 'audio']);

/**
 * Where an attached video or audio file stands (issue 22): every one is probed and converted to
 * MP4 (H.264/AAC) with a poster on the server; until then `media` is null and the card reads
 * 'Video is encoding kindly wait'. Pictures are always `ready`.
 */
export const mediaStatus = z.enum(['ready', 'encoding', 'failed']);
export type MediaStatusDto = z.infer<typeof mediaStatus>;

/** What any attachment carries besides its URL: its state and, for a video, a poster picture. */
export const mediaStateDto = z.object({
  media_status: mediaStatus.nullable().optional(),
  /** A signed URL of a still from the video (null for other media or until converted). */
  poster: z.string().nullable().optional(),
});

/**
 * One answer to a team video or slideshow (issue 22): a video, or an image with its caption.
 * `hidden` answers (moderated by the owner before publishing) are shown to the owner and their
 * author only, and never played.
 */
export const promptResponseDto = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), full_name: z.string(), avatar: z.string().nullable() }),
  media: z.string().nullable(),
  media_type: z.enum(['video', 'photo']),
  media_status: mediaStatus,
  poster: z.string().nullable(),
  caption: z.string().nullable(),
  /** Seconds, for a converted video; null otherwise. */
  duration: z.number().nullable(),
  hidden: z.boolean(),
  created_at: z.string(),
});
export type PromptResponseDto = z.infer<typeof promptResponseDto>;
export type MediaTypeNameDto = z.infer<typeof mediaTypeName>;

/** One reaction: who, which buzz, when. */
export const reactionDto = z.object({
  id: z.number().int(),
  buzz_type_id: z.number().int(),
  user: userRefDto.extend({ responded_at: z.string() }),
});
export type ReactionDto = z.infer<typeof reactionDto>;

/**
 * What any reactable object (a post, a to-do task) carries about its reactions and comments, as
 * the viewer sees it (spec §3): one shape, one mechanism.
 */
export const engagementDto = z.object({
  /** The viewer's own reaction, or null. */
  buzz_type_id: z.number().int().nullable(),
  buzzes_count: z.number().int(),
  /** The latest reactions (up to 5, newest first) for the hover list; the rest are counted. */
  reactions: z.array(reactionDto),
  recent_buzz_activity_user: userRefDto.nullable(),
  expressions_count: z.number().int(),
  user_expressed: z.boolean(),
  recent_expressed_activity_user: userRefDto.nullable(),
});
export type EngagementDto = z.infer<typeof engagementDto>;

/** The engagement of something nobody has reacted to or commented on yet (a new post, a draft). */
export const noEngagement = (): EngagementDto => ({
  buzz_type_id: null,
  buzzes_count: 0,
  reactions: [],
  recent_buzz_activity_user: null,
  expressions_count: 0,
  user_expressed: false,
  recent_expressed_activity_user: null,
});

export const postDataDto = z.object({
  text: z.string().nullable().optional(),
  content: z.string().nullable().optional(),
  color: colorDto.nullable().optional(),
  tagged_users: z.array(z.object({ id: z.number().int(), full_name: z.string() })).optional(),
  topic: z.string().nullable().optional(),
  /** A signed, expiring URL of the attached file. */
  media: z.string().nullable().optional(),
  media_type: z.enum(['audio', 'video', 'photo']).nullable().optional(),
  published: z.boolean().optional(),
  published_at: z.string().nullable().optional(),
  checkin_id: z.number().int().nullable().optional(),
  is_responded: z.boolean().optional(),
  responses_count: z.number().int().optional(),
  max_responses_count: z.number().int().optional(),
  mood: z.object({ id: z.number().int(), name: z.string(), media: z.string() }).nullable().optional(),
  ...mediaStateDto.shape,
  /** Team video (type 6) and slideshow (type 11): the prompt's id for their calls. */
  video_id: z.number().int().nullable().optional(),
  slideshow_id: z.number().int().nullable().optional(),
  /** Once published: the answers in order, which the card plays (video) or shows (slideshow). */
  team_video_responses: z.array(promptResponseDto).optional(),
  slideshow_responses: z.array(promptResponseDto).optional(),
  /** Watercooler (type 7): all it keeps of a room, when it was open and who came. */
  started_at: z.string().nullable().optional(),
  ended_at: z.string().nullable().optional(),
  participants: z.array(userRefDto).optional(),
});
export type PostDataDto = z.infer<typeof postDataDto>;

export const postDto = engagementDto.extend({
  id: z.number().int(),
  /** The post type's name (`text`, `celebration`, …; decisions.md ids). */
  type: z.string(),
  type_id: z.number().int(),
  team_id: z.number().int(),
  team: z.object({ id: z.number().int(), name: z.string() }),
  user: userRefDto,
  created_at: z.string(),
  is_forwarded: z.boolean(),
  /** For a shared post: who wrote it first and in which team. */
  original_post: z.object({ user: userRefDto, team: z.object({ id: z.number().int(), name: z.string() }) }).nullable(),
  data: postDataDto,
});
export type PostDto = z.infer<typeof postDto>;

export const timelineQuery = pageQuery.extend({
  type_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
export type TimelineQuery = z.output<typeof timelineQuery>;

const text = (min: number, max: number, required: string, short: string, long: string) =>
  textField('lines', required).min(1, { error: required, abort: true }).min(min, short).max(max, long);

/** POST user/team/:id/posts: a text post (or a thought), `media_type` text. */
export const textPostSchema = z.object({
  content: text(
    Limits.textPostMin,
    Limits.textPostMax,
    PostMessages.postTextRequired,
    PostMessages.postTextMin,
    PostMessages.postTextMax,
  ),
  media_type: z.literal('text').default('text'),
  color_id: z.coerce.number().int().positive().max(MAX_ID).nullable().optional(),
  tag_users: z.array(z.coerce.number().int().positive().max(MAX_ID)).max(100).nullable().optional(),
});
export type TextPostInput = z.input<typeof textPostSchema>;
export type TextPostData = z.output<typeof textPostSchema>;

/** An upload key from `s3-upload-presigned-request`. */
export const uploadKeyField = textField('line')
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9/_.-]+$/, PostMessages.uploadKeyInvalid);

/**
 * POST user/team/:id/celebration and /brightidea: text (4–500) unless a file is attached, and a
 * file unless there is text (spec §5). `media` is the upload key.
 */
export const celebrationSchema = z
  .object({
    color_id: z.coerce.number().int().positive().max(MAX_ID).nullable().optional(),
    text: textField('lines')
      .max(Limits.textPostMax, PostMessages.postTextMax)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    media: uploadKeyField
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    media_type: mediaTypeName.nullable().optional(),
    media_type_id: z.coerce.number().int().min(1).max(4).nullable().optional(),
    tag_users: z.array(z.coerce.number().int().positive().max(MAX_ID)).max(100).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.text && !v.media) ctx.addIssue({ code: 'custom', path: ['text'], message: PostMessages.textOrAttachment });
    else if (v.text && v.text.length < Limits.textPostMin)
      ctx.addIssue({ code: 'custom', path: ['text'], message: PostMessages.postTextMin });
  });
export type CelebrationInput = z.input<typeof celebrationSchema>;
export type CelebrationData = z.output<typeof celebrationSchema>;

export const shareSchema = z.object({
  team_ids: z
    .array(z.coerce.number().int().positive().max(MAX_ID), { error: PostMessages.shareChooseTeam })
    .min(1, PostMessages.shareChooseTeam)
    .max(100)
    .transform((ids) => [...new Set(ids)]),
});
export type ShareInput = z.input<typeof shareSchema>;

export const shareResultDto = z.object({
  posts: z.array(z.object({ id: z.number().int(), team_id: z.number().int() })),
});

/** POST/DELETE .../buzz?buzz_type_id (query, or a JSON body). */
export const buzzQuery = z.object({
  buzz_type_id: z.coerce
    .number({ error: PostMessages.buzzInvalid })
    .int()
    .refine((v) => BUZZ_TYPE_IDS.includes(v), PostMessages.buzzInvalid)
    .optional(),
});

/** A comment ("engagement"): text of at least 4 unless a file is attached (spec §5). */
export const commentSchema = z
  .object({
    content: textField('lines')
      .max(Limits.textPostMax, PostMessages.postTextMax)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    media: uploadKeyField
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    media_type: mediaTypeName.nullable().optional(),
    media_type_id: z.coerce.number().int().min(1).max(4).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.content && !v.media)
      ctx.addIssue({ code: 'custom', path: ['content'], message: PostMessages.commentRequired });
    else if (v.content && v.content.length < Limits.commentMin)
      ctx.addIssue({ code: 'custom', path: ['content'], message: PostMessages.commentMin });
  });
export type CommentInput = z.input<typeof commentSchema>;
export type CommentData = z.output<typeof commentSchema>;

export const commentDto = z.object({
  id: z.number().int(),
  content: z.string().nullable(),
  media: z.string().nullable(),
  media_type: mediaTypeName,
  ...mediaStateDto.shape,
  created_at: z.string(),
  user: userRefDto,
});
export type CommentDto = z.infer<typeof commentDto>;

/** After a comment: the comment, and the object's counts as they now stand. */
export const commentResultDto = commentDto.extend({ engagement: engagementDto });

export const MEDIA_TYPE_NAMES = Object.keys(MediaType) as (keyof typeof MediaType)[];
