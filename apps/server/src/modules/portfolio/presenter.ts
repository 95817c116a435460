import {
  AttentionRuleLimits,
  PortfolioLimits,
  attentionClause,
  attentionSentence,
  type AttentionFacts,
  type AttentionRules,
  type PortfolioRowDto,
  type PortfolioSettingsDto,
} from '@rally/contract';
import type { PortfolioSettingsTable } from '../../db/schema.js';
import type { SettingsRow } from './repository.js';

/** The contract's default threshold of every rule: a coach without a settings row has these. */
export const DEFAULT_RULES: AttentionRules = {
  happiness_drop: AttentionRuleLimits.happiness_drop.default,
  quiet: AttentionRuleLimits.quiet.default,
  low_participation: AttentionRuleLimits.low_participation.default,
  overdue_tasks: AttentionRuleLimits.overdue_tasks.default,
};

/** The stored row (or none: the defaults) as the contract's settings. A stored null is a rule switched off. */
export function presentSettings(row: SettingsRow | undefined): PortfolioSettingsDto {
  const stored = row?.user_id !== null && row?.user_id !== undefined;
  return {
    rules: stored
      ? {
          happiness_drop: row.happiness_drop ?? null,
          quiet: row.quiet ?? null,
          low_participation: row.low_participation ?? null,
          overdue_tasks: row.overdue_tasks ?? null,
        }
      : DEFAULT_RULES,
    digest: {
      enabled: stored ? Number(row.digest_enabled) === 1 : true,
      day: stored ? Number(row.digest_day) : PortfolioLimits.digestDefaultDay,
      hour: stored ? Number(row.digest_hour) : PortfolioLimits.digestDefaultHour,
    },
    timezone: row?.timezone ?? null,
  };
}

/** The settings as their row's columns. */
export const settingsColumns = (
  s: Pick<PortfolioSettingsDto, 'rules' | 'digest'>,
  updatedAt: string,
): Omit<PortfolioSettingsTable, 'user_id'> => ({
  ...s.rules,
  digest_enabled: s.digest.enabled ? 1 : 0,
  digest_day: s.digest.day,
  digest_hour: s.digest.hour,
  updated_at: updatedAt,
});

/** What the attention rules look at, for one team over the rules' period. */
export interface AttentionInput {
  members: number;
  /** The meters of the period and of the one before (null under the floor). */
  meter: number | null;
  previousMeter: number | null;
  /** Whole days since the last post or check-in answer (or the team's start). */
  quietDays: number;
  participation: number;
  overdue: number;
}

/**
 * The reasons a team needs attention, in the order of `ATTENTION_CAUSES`, each with its clause
 * and the summary sentence. A rule switched off (null) never fires.
 */
export function attentionOf(input: AttentionInput, rules: AttentionRules): PortfolioRowDto['attention'] {
  const facts: AttentionFacts[] = [];
  if (rules.happiness_drop !== null && input.meter !== null && input.previousMeter !== null) {
    const fallen = input.previousMeter - input.meter;
    if (fallen >= rules.happiness_drop)
      facts.push({
        cause: 'happiness_drop',
        value: fallen,
        threshold: rules.happiness_drop,
        from: input.previousMeter,
        to: input.meter,
      });
  }
  if (rules.quiet !== null && input.quietDays >= rules.quiet)
    facts.push({ cause: 'quiet', value: input.quietDays, threshold: rules.quiet });
  if (rules.low_participation !== null && input.members >= 2 && input.participation < rules.low_participation)
    facts.push({ cause: 'low_participation', value: input.participation, threshold: rules.low_participation });
  if (rules.overdue_tasks !== null && input.overdue >= rules.overdue_tasks)
    facts.push({ cause: 'overdue_tasks', value: input.overdue, threshold: rules.overdue_tasks });
  return {
    flagged: facts.length > 0,
    reasons: facts.map((f) => ({ ...f, text: attentionClause(f) })),
    summary: attentionSentence(facts),
  };
}

/** A share as a whole percent, at most 100; null when nothing was asked. */
export const rateOf = (given: number, asked: number): number | null =>
  asked > 0 ? Math.min(100, Math.round((given * 100) / asked)) : null;
