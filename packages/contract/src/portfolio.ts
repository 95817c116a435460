/**
 * The coach's portfolio (issue 26): one row per team the caller leads, and the "needs attention"
 * rules a coach reads and tunes in Settings. The rules and their bounds live here, beside the other
 * limits, so the server's check, the Settings form and the digest say the same thing.
 */

/** Why a team needs attention, one cause per rule. */
export const ATTENTION_CAUSES = ['happiness_drop', 'quiet', 'low_participation', 'overdue_tasks'] as const;
export type AttentionCause = (typeof ATTENTION_CAUSES)[number];

/**
 * Each rule's threshold: its bounds and its default. A coach may switch a rule off (`null` in the
 * settings) or move its threshold within the bounds.
 * - happiness_drop: the team's meter fell by at least `points` against the period just before.
 * - quiet: no post and no check-in answer for at least `days` days (counted from the team's start
 *   when it never had one).
 * - low_participation: fewer than `percent` % of members posted, reacted, commented or checked in
 *   (teams of two or more members).
 * - overdue_tasks: at least `count` open tasks are past their due date.
 */
export const AttentionRuleLimits = {
  happiness_drop: { min: 1, max: 100, default: 10, unit: 'points' },
  quiet: { min: 1, max: 90, default: 7, unit: 'days' },
  low_participation: { min: 1, max: 100, default: 40, unit: 'percent' },
  overdue_tasks: { min: 1, max: 100, default: 1, unit: 'tasks' },
} as const satisfies Record<AttentionCause, { min: number; max: number; default: number; unit: string }>;

export const PortfolioLimits = {
  /**
   * The attention rules look at the period the coach is viewing; with All Time (and always for the
   * digest and the notifications) at the last `attentionWindowDays` days, the time filters' "30 Days".
   */
  attentionWindowDays: 30,
  /** The sparkline's days: the period viewed, at least `sparklineMinDays`, at most `sparklineMaxDays` (All Time too). */
  sparklineMinDays: 14,
  sparklineMaxDays: 90,
  /** Digest: ISO weekday (1 Monday … 7 Sunday) and local hour by default. */
  digestDefaultDay: 1,
  digestDefaultHour: 8,
} as const;

/** ISO weekday names, 1 Monday … 7 Sunday, for the digest day. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The facts behind one reason: what was measured and the threshold it crossed. */
export interface AttentionFacts {
  cause: AttentionCause;
  /** happiness_drop: points fallen; quiet: days; low_participation: percent; overdue_tasks: count. */
  value: number;
  threshold: number;
  /** happiness_drop only: the meters compared. */
  from?: number | null | undefined;
  to?: number | null | undefined;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One reason as a clause, lower case, no full stop: the pieces of `attentionSentence`. */
export function attentionClause(f: AttentionFacts): string {
  switch (f.cause) {
    case 'happiness_drop':
      return f.from !== null && f.from !== undefined && f.to !== null && f.to !== undefined
        ? `happiness fell ${plural(f.value, 'point', 'points')}, from ${f.from}% to ${f.to}%`
        : `happiness fell ${plural(f.value, 'point', 'points')}`;
    case 'quiet':
      return `no post or check-in answer for ${plural(f.value, 'day', 'days')}`;
    case 'low_participation':
      return `only ${f.value}% of members took part (under ${f.threshold}%)`;
    case 'overdue_tasks':
      return `${plural(f.value, 'task is', 'tasks are')} overdue`;
  }
}

/**
 * Why a team is flagged, in one sentence: 'Happiness fell 12 points, from 70% to 58%, and 2 tasks
 * are overdue.' Null when nothing is wrong.
 */
export function attentionSentence(reasons: readonly AttentionFacts[]): string | null {
  if (reasons.length === 0) return null;
  const clauses = reasons.map(attentionClause);
  const joined =
    clauses.length === 1 ? clauses[0]! : `${clauses.slice(0, -1).join('; ')} and ${clauses[clauses.length - 1]!}`;
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)}.`;
}

/** The short cause of a notification: '{team} needs attention: happiness fell'. */
export const ATTENTION_CAUSE_SHORT: Record<AttentionCause, string> = {
  happiness_drop: 'happiness fell',
  quiet: 'it has gone quiet',
  low_participation: 'few members are taking part',
  overdue_tasks: 'tasks are overdue',
};

/** A notification's object id for a cause (1-based, stable: stored in notifications). */
export const attentionCauseId = (cause: AttentionCause): number => ATTENTION_CAUSES.indexOf(cause) + 1;
export const attentionCauseOfId = (id: number): AttentionCause | undefined => ATTENTION_CAUSES[id - 1];

export const PortfolioMessages = {
  title: 'Portfolio',
  /** 403 for a caller who leads no team. */
  notALead: 'The portfolio is for coaches who lead at least one engagement.',
  empty: 'You do not lead any engagement yet.',
  noneFlagged: 'No team needs attention right now.',
  needsAttention: 'Needs attention',
  settingsSaved: 'Portfolio settings saved',
  thresholdRange: (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`,
  digestDayInvalid: 'Choose a day of the week.',
  digestHourInvalid: 'Choose an hour from 0 to 23.',
  digestSubject: 'Your weekly Rally portfolio',
} as const;
