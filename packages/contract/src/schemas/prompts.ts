import { z } from 'zod';
import { Limits } from '../limits.js';
import { MediaLimits } from '../media-limits.js';
import { PromptMessages } from '../prompt-messages.js';
import { idParam, pageQuery, textField } from './common.js';
import { fromDateQuery } from './checkins.js';
import { mediaStatus, promptResponseDto, uploadKeyField, userRefDto } from './posts.js';
import { teamParams } from './teams.js';

/**
 * Engagement video and slideshow prompts (spec §3, §7 Video and Slideshow; decisions.md paths;
 * issue 22). A lead asks the team a question as a video (post type 6) or an image with a text
 * (post type 11); every other member answers once, with a video or with images and captions; the
 * one who asked follows who answered, reminds the others and publishes the answers.
 */

/** `user/team/:id/video/:videoId/...` */
export const videoParams = teamParams.extend({ videoId: idParam });
/** `user/team/:id/videos/:postId`: a team video found by its post (spec §7). */
export const videoPostParams = teamParams.extend({ postId: idParam });
/** `user/team/:id/slideshow/:slideshowId/...` */
export const slideshowParams = teamParams.extend({ slideshowId: idParam });
export const videoReminderParams = videoParams.extend({ userId: idParam });
export const slideshowReminderParams = slideshowParams.extend({ userId: idParam });
export const videoResponseParams = videoParams.extend({ responseId: idParam });
export const slideshowResponseParams = slideshowParams.extend({ responseId: idParam });

/** Lists and statistics: a period (spec §9 time filters) and a page. */
export const promptListQuery = pageQuery.extend(fromDateQuery.shape);
export type PromptListQuery = z.output<typeof promptListQuery>;

const topic = textField('lines', PromptMessages.topicRequired)
  .min(1, { error: PromptMessages.topicRequired, abort: true })
  .min(MediaLimits.promptTopicMin, PromptMessages.topicMin)
  .max(Limits.slideshowTextMax, PromptMessages.slideshowTopicMax);

const caption = textField('lines')
  .max(MediaLimits.captionMax, PromptMessages.captionMax)
  .transform((v) => (v ? v : null));

/**
 * POST user/team/:id/video: the topic and the video, as an upload key in `media` (JSON or a
 * form field) or as a multipart file `media` (read by the handler). MP4 or a browser's WebM.
 */
export const createVideoForm = z.object({
  topic,
  media: uploadKeyField
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type CreateVideoInput = z.input<typeof createVideoForm>;

/** POST user/team/:id/slideshow: multipart `media` (one .png/.jpg/.jpeg image), `topic`, `content`. */
export const createSlideshowForm = z.object({
  topic,
  content: textField('lines')
    .max(Limits.slideshowContentMax, PromptMessages.slideshowContentMax)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type CreateSlideshowInput = z.input<typeof createSlideshowForm>;

/**
 * POST user/team/:id/video/:videoId: the answer, as an upload key (policy `team.teamvideo`) in
 * `media`, or a multipart file `media`; an optional caption.
 */
export const videoResponseForm = z.object({
  media: uploadKeyField
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  caption: caption.nullable().optional(),
});
export type VideoResponseInput = z.input<typeof videoResponseForm>;

/**
 * POST user/team/:id/slideshow/:slideshowId (decisions.md): multipart, one to five files `media`,
 * each followed by its `caption` field (repeated: the n-th caption belongs to the n-th image).
 */
export const slideshowResponseForm = z.object({
  caption: z
    .union([caption, z.array(caption).max(MediaLimits.slideshowResponseImagesMax, PromptMessages.tooManyImages)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});

/** Hide an answer from the team before publishing, or show it again (the owner's moderation). */
export const hideResponseSchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false.' }),
});

/** A member of the team as a prompt sees them: when they answered, when they were last reminded. */
export const promptMemberDto = userRefDto.extend({
  responded_at: z.string().nullable(),
  reminded_at: z.string().nullable(),
});
export type PromptMemberDto = z.infer<typeof promptMemberDto>;

const promptBaseDto = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  post_id: z.number().int(),
  topic: z.string(),
  content: z.string().nullable(),
  /** The question's own video (team video) or image (slideshow). */
  media: z.string().nullable(),
  media_type: z.enum(['video', 'photo']),
  media_status: mediaStatus,
  poster: z.string().nullable(),
  /** Who asked: the owner, who alone publishes and reminds. */
  user: userRefDto,
  created_at: z.string(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  /** The viewer has answered. */
  is_responded: z.boolean(),
  /** Members who answered (hidden answers count: they were given). */
  responses_count: z.number().int(),
  /** Members who can answer: everyone in the team but the one who asked. */
  max_responses_count: z.number().int(),
  /** Everyone who can answer, with when they did. */
  members: z.array(promptMemberDto),
});

/**
 * Answers the viewer may see: the owner sees all (hidden ones marked); another member sees their
 * own, and after publishing everyone's that is not hidden.
 */
export const teamVideoDto = promptBaseDto.extend({ team_video_responses: z.array(promptResponseDto) });
export type TeamVideoDto = z.infer<typeof teamVideoDto>;
export const slideshowDto = promptBaseDto.extend({ slideshow_responses: z.array(promptResponseDto) });
export type SlideshowDto = z.infer<typeof slideshowDto>;

/** One prompt in a statistics list. */
export const promptSummaryDto = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  topic: z.string(),
  user: userRefDto,
  created_at: z.string(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  responses_count: z.number().int(),
  max_responses_count: z.number().int(),
});
export type PromptSummaryDto = z.infer<typeof promptSummaryDto>;

/**
 * GET .../videos/metrics and .../slideshows/metrics: prompts asked in the period (`total`), the
 * answers to them, the share of possible answers given (0–100), and the latest prompts (`data`,
 * up to 5; the View Details drawer pages through all with `videos`/`slideshows`).
 */
export const promptMetricsDto = z.object({
  total: z.number().int(),
  responses_count: z.number().int(),
  response_rate: z.number().int(),
  data: z.array(promptSummaryDto),
});
export type PromptMetricsDto = z.infer<typeof promptMetricsDto>;
