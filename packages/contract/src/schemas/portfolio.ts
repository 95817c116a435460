import { z } from 'zod';
import { ATTENTION_CAUSES, AttentionRuleLimits, PortfolioMessages, type AttentionCause } from '../portfolio.js';

/** `GET user/portfolio?from_date&tz`: the check-in statistics' time filters (`fromDateQuery`). */
export { fromDateQuery as portfolioQuery } from './checkins.js';

/** One reason a team is flagged: the facts and their clause (`attentionClause`). */
export const attentionReasonDto = z.object({
  cause: z.enum(ATTENTION_CAUSES),
  value: z.number(),
  threshold: z.number(),
  /** happiness_drop only: the meters compared (previous period, this one). */
  from: z.number().nullable().optional(),
  to: z.number().nullable().optional(),
  text: z.string(),
});
export type AttentionReasonDto = z.infer<typeof attentionReasonDto>;

/** A percentage 0–100, or null where there is nothing to count (no check-in asked, no video…). */
const rate = z.number().min(0).max(100).nullable();

/**
 * One team the caller leads (issue 26). Periods: `from_date` up to now (none = all time); the
 * attention rules use that period, or the last `PortfolioLimits.attentionWindowDays` days for All
 * Time. `happiness.meter` is null under the floor of 3 people (`CHECKIN_ANONYMITY_FLOOR`), as is
 * `trend` when either period is; no per-person mood is ever in a row.
 */
export const portfolioRowDto = z.object({
  team: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() }),
  members_count: z.number().int(),
  happiness: z.object({
    meter: rate,
    /** Points against the period of the same length just before (null for All Time or under the floor). */
    trend: z.number().nullable(),
  }),
  /** Share of members who posted, reacted, commented or checked in during the period. */
  participation: z.number().min(0).max(100),
  /** Answers given over answers asked, for check-ins requested in the period. */
  checkin_response_rate: rate,
  tasks: z.object({ open: z.number().int(), overdue: z.number().int() }),
  video_response_rate: rate,
  slideshow_response_rate: rate,
  /** The newest post, reaction, comment or answer in the team (any time), or null. */
  last_activity_at: z.string().nullable(),
  /** Posts, reactions, comments and answers per day, oldest first, every day present (0 too). */
  activity: z.array(z.object({ date: z.string(), count: z.number().int() })),
  attention: z.object({
    flagged: z.boolean(),
    reasons: z.array(attentionReasonDto),
    /** The reasons in one sentence (`attentionSentence`), null when not flagged. */
    summary: z.string().nullable(),
  }),
});
export type PortfolioRowDto = z.infer<typeof portfolioRowDto>;

const threshold = (cause: AttentionCause) => {
  const { min, max } = AttentionRuleLimits[cause];
  const message = PortfolioMessages.thresholdRange(min, max);
  return z.number({ error: message }).int({ error: message }).min(min, message).max(max, message).nullable();
};

/** The attention rules' thresholds; null switches a rule off. */
export const attentionRulesSchema = z.object({
  happiness_drop: threshold('happiness_drop'),
  quiet: threshold('quiet'),
  low_participation: threshold('low_participation'),
  overdue_tasks: threshold('overdue_tasks'),
});
export type AttentionRules = z.infer<typeof attentionRulesSchema>;

/** The weekly digest e-mail: sent on `day` (ISO weekday) at `hour`, in the coach's profile time zone. */
export const digestSettingsSchema = z.object({
  enabled: z.boolean(),
  day: z
    .number({ error: PortfolioMessages.digestDayInvalid })
    .int({ error: PortfolioMessages.digestDayInvalid })
    .min(1, PortfolioMessages.digestDayInvalid)
    .max(7, PortfolioMessages.digestDayInvalid),
  hour: z
    .number({ error: PortfolioMessages.digestHourInvalid })
    .int({ error: PortfolioMessages.digestHourInvalid })
    .min(0, PortfolioMessages.digestHourInvalid)
    .max(23, PortfolioMessages.digestHourInvalid),
});

/** `GET user/portfolio/settings` answers it; `PUT` takes any part of it and answers the whole. */
export const portfolioSettingsDto = z.object({
  rules: attentionRulesSchema,
  digest: digestSettingsSchema,
  /** The coach's profile time zone the digest is sent in (read only here; set in the profile). */
  timezone: z.string().nullable(),
});
export type PortfolioSettingsDto = z.infer<typeof portfolioSettingsDto>;

export const portfolioSettingsInput = z
  .object({
    rules: attentionRulesSchema.partial().optional(),
    digest: digestSettingsSchema.partial().optional(),
  })
  .strict();
export type PortfolioSettingsInput = z.input<typeof portfolioSettingsInput>;
