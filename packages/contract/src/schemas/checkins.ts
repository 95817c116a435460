import { z } from 'zod';
import { CheckinMessages } from '../checkin-messages.js';
import { MOOD_IDS } from '../lookups.js';
import { idParam, isCalendarDay, pageQuery, textField } from './common.js';
import { userRefDto } from './posts.js';
import { isTimeZone } from '../time-zone.js';
import { teamParams } from './teams.js';

/** `user/team/:id/checkin/:checkinId`. */
export const checkinParams = teamParams.extend({ checkinId: idParam });

/** `?from_date=YYYY-MM-DD&tz=Area/City`, or no date for All Time; an empty value is All Time too. */
export const fromDateQuery = z.object({
  from_date: textField('line')
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: CheckinMessages.fromDateInvalid, abort: true })
        .refine(isCalendarDay, CheckinMessages.fromDateInvalid)
        .optional(),
    )
    .optional(),
  /**
   * The viewer's IANA time zone: `from_date` starts at its local midnight there; without it (or
   * empty) at 00:00 UTC, as before. Canonicalised, so 'europe/berlin' arrives as 'Europe/Berlin'.
   */
  tz: textField('line')
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .refine(isTimeZone, CheckinMessages.tzInvalid)
        .transform((v) => new Intl.DateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone)
        .optional(),
    )
    .optional(),
});
export type FromDateQuery = z.output<typeof fromDateQuery>;

export const checkinDetailQuery = pageQuery.extend(fromDateQuery.shape);

/** POST user/team/:id/checkin/:checkinId: a mood of group 1, private by default (decisions.md). */
export const checkinAnswerSchema = z.object({
  mood_id: z.coerce
    .number({ error: CheckinMessages.moodRequired })
    .int()
    .refine((v) => MOOD_IDS.includes(v), CheckinMessages.moodRequired),
  private: z.boolean({ error: CheckinMessages.privateInvalid }).default(true),
});
export type CheckinAnswerInput = z.input<typeof checkinAnswerSchema>;

/** GET user/team/:id/checkin: when the last check-in was requested and when the next may be. */
export const checkinStatusDto = z.object({
  last_checkin_time: z.string().nullable(),
  /** When a new request is possible; null when none was ever made. */
  next_checkin_available: z.string().nullable(),
});
export type CheckinStatusDto = z.infer<typeof checkinStatusDto>;

/** GET user/team/:id/checkin/:checkinId: one check-in as the viewer sees it. */
export const checkinDto = z.object({
  id: z.number().int(),
  post_id: z.number().int().nullable(),
  user: userRefDto,
  created_at: z.string(),
  responses_count: z.number().int(),
  /** The members asked (everyone in the team but the initiator, when it was requested). */
  max_responses_count: z.number().int(),
  is_responded: z.boolean(),
  /** The viewer may answer: not the initiator, not answered yet. */
  can_answer: z.boolean(),
});
export type CheckinDto = z.infer<typeof checkinDto>;

const moodRef = z.object({ id: z.number().int(), name: z.string(), media: z.string() });

/** A mood's share of the answers: `count` of them, `mood_avg` percent. */
export const moodShareDto = moodRef.extend({ count: z.number().int(), mood_avg: z.number() });
export type MoodShareDto = z.infer<typeof moodShareDto>;

export const trendDto = z.object({
  /** The meter of the period of the same length just before; null when it had too few answers. */
  previous_meter: z.number().nullable(),
  /** meter − previous_meter, in points. */
  change: z.number().nullable(),
  direction: z.enum(['up', 'down', 'flat']).nullable(),
});
export type TrendDto = z.infer<typeof trendDto>;

/** GET .../checkin/metrics?from_date: Check-in stats of spec §3 and issue 10's anonymity rules. */
export const checkinMetricsDto = z.object({
  /** Distinct people who answered in the period. */
  engaged_users_count: z.number().int(),
  /** Answers given in the period. */
  total_activities: z.number().int(),
  /** Check-ins requested in the period. */
  initiated_count: z.number().int(),
  /** Check-ins that got at least one answer in the period. */
  entertained_count: z.number().int(),
  metrics_meter: z.object({
    /** The mean of the answers' mood scores, percent; null while hidden or without answers. */
    meter: z.number().nullable(),
    moods: z.array(moodShareDto),
    hidden: z.boolean(),
    /** Why the team's figures are hidden (fewer than the floor answered). */
    hidden_reason: z.string().nullable(),
    trend: trendDto.nullable(),
  }),
  /** Per-user meters over the answers the viewer may see: public ones, and private ones to their own check-ins. */
  users: z.array(
    userRefDto.extend({ meter: z.number(), answers_count: z.number().int(), moods: z.array(moodShareDto) }),
  ),
});
export type CheckinMetricsDto = z.infer<typeof checkinMetricsDto>;

/** One answer of the 'View Details' drawer (only those the viewer may see per user). */
export const checkinAnswerDto = z.object({
  id: z.number().int(),
  checkin_id: z.number().int(),
  user: userRefDto,
  mood: moodRef,
  is_private: z.boolean(),
  created_at: z.string(),
});
export type CheckinAnswerDto = z.infer<typeof checkinAnswerDto>;

/** GET user/team/:id/stats?from_date: the Team Statistics dialog (decisions.md). */
export const teamStatsDto = z.object({
  posts_count: z.number().int(),
  reactions_count: z.number().int(),
  comments_count: z.number().int(),
  /** Members who posted, reacted, commented or checked in during the period. */
  active_members_count: z.number().int(),
  members_count: z.number().int(),
  /** Team videos and slideshows asked in the period, and the answers given to them (issue 22). */
  videos_count: z.number().int(),
  video_responses_count: z.number().int(),
  slideshows_count: z.number().int(),
  slideshow_responses_count: z.number().int(),
});
export type TeamStatsDto = z.infer<typeof teamStatsDto>;
