import { describe, expect, it } from 'vitest';
import { AttentionRuleLimits, attentionCauseId, attentionCauseOfId, attentionSentence } from './portfolio.js';
import { portfolioSettingsInput } from './schemas/portfolio.js';

describe('attention sentences', () => {
  it('one reason is one sentence, with a capital and a full stop', () => {
    expect(attentionSentence([{ cause: 'quiet', value: 9, threshold: 7 }])).toBe(
      'No post or check-in answer for 9 days.',
    );
    expect(attentionSentence([{ cause: 'overdue_tasks', value: 1, threshold: 1 }])).toBe('1 task is overdue.');
  });

  it('several reasons join into one sentence', () => {
    expect(
      attentionSentence([
        { cause: 'happiness_drop', value: 12, threshold: 10, from: 70, to: 58 },
        { cause: 'low_participation', value: 20, threshold: 40 },
        { cause: 'overdue_tasks', value: 2, threshold: 1 },
      ]),
    ).toBe(
      'Happiness fell 12 points, from 70% to 58%; only 20% of members took part (under 40%) and 2 tasks are overdue.',
    );
  });

  it('nothing wrong, no sentence', () => {
    expect(attentionSentence([])).toBeNull();
  });

  it('cause ids round-trip and start at 1', () => {
    expect(attentionCauseId('happiness_drop')).toBe(1);
    expect(attentionCauseOfId(attentionCauseId('overdue_tasks'))).toBe('overdue_tasks');
    expect(attentionCauseOfId(0)).toBeUndefined();
  });
});

describe('portfolio settings input', () => {
  it('takes a part, switches a rule off with null, and refuses a threshold out of bounds', () => {
    expect(portfolioSettingsInput.safeParse({ rules: { quiet: 3 } }).success).toBe(true);
    expect(portfolioSettingsInput.safeParse({ rules: { quiet: null } }).success).toBe(true);
    const { max } = AttentionRuleLimits.quiet;
    const tooMany = portfolioSettingsInput.safeParse({ rules: { quiet: max + 1 } });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe(`Enter a whole number from 1 to ${max}.`);
    expect(portfolioSettingsInput.safeParse({ rules: { quiet: 2.5 } }).success).toBe(false);
    expect(portfolioSettingsInput.safeParse({ digest: { day: 8 } }).success).toBe(false);
    expect(portfolioSettingsInput.safeParse({ other: 1 }).success).toBe(false);
  });
});
