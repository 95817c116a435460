import { z } from 'zod';
import { Limits } from '../limits.js';
import { TopicMessages } from '../topic-messages.js';
import { idParam, isCalendarDay, textField } from './common.js';
import { engagementDto, userRefDto } from './posts.js';
import { teamParams } from './teams.js';

/** `user/team/:id/topic/:topicId`. */
export const topicParams = teamParams.extend({ topicId: idParam });

/** A calendar day, `YYYY-MM-DD` (topics are planned by UTC day: ADR 0016). */
export const isoDay = textField('line', TopicMessages.publishDateInvalid).refine(
  isCalendarDay,
  TopicMessages.publishDateInvalid,
);

/** Topic text (spec §5): required, 6–165 characters once trimmed. */
export const topicContent = textField('lines', TopicMessages.contentRequired)
  .min(1, { error: TopicMessages.contentRequired, abort: true })
  .min(Limits.topicMin, TopicMessages.contentLength)
  .max(Limits.topicMax, TopicMessages.contentLength);

/** POST user/team/:id/topic: the content, and the day to publish it (today when left out). */
export const topicSchema = z.object({
  content: topicContent,
  publish_date: isoDay.nullable().optional(),
});
export type TopicInput = z.input<typeof topicSchema>;
export type TopicData = z.output<typeof topicSchema>;

/** PUT user/team/:id/topic/:topicId: new content; a topic not yet published may move to another day. */
export const topicUpdateSchema = topicSchema;
export type TopicUpdateData = z.output<typeof topicUpdateSchema>;

/**
 * A topic (spec §3: id, content, created_at, user, data.content), with its day, whether it is
 * published, and the reactions and comments ("engagements") of its timeline post.
 */
export const topicDto = engagementDto.extend({
  id: z.number().int(),
  team_id: z.number().int(),
  content: z.string(),
  created_at: z.string(),
  /** The day it is (or will be) the topic of the day, `YYYY-MM-DD`. */
  publish_date: z.string(),
  published_at: z.string().nullable(),
  /** Its `topic` post on the timeline, once published. */
  post_id: z.number().int().nullable(),
  user: userRefDto,
  data: z.object({ content: z.string() }),
});
export type TopicDto = z.infer<typeof topicDto>;
