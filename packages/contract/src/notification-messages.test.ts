import { describe, expect, it } from 'vitest';
import { Role } from './ids.js';
import { attentionCauseId } from './portfolio.js';
import { notificationSentence } from './notification-messages.js';
import { NOTIFICATION_KINDS, NOTIFICATION_OBJECTS, notificationDto } from './schemas/notifications.js';

const facts = (kind: string, object: { kind: 'post' | 'team' | 'role'; id: number } | null = null) => ({
  kind,
  actor: { id: 7, name: 'Mary Ann Smith' },
  team: { id: 5, name: 'Rowing Club' },
  object,
});

describe('notification sentences, from structured fields', () => {
  it('names the actor whole and the team, whatever words they have', () => {
    expect(notificationSentence(facts('post.created', { kind: 'post', id: 3 }))).toBe(
      'Mary Ann Smith posted in Rowing Club',
    );
    expect(notificationSentence(facts('invitation.received', { kind: 'team', id: 5 }))).toBe(
      'Mary Ann Smith has invited you to join Rowing Club',
    );
  });

  it('a role change names the role given, with the one table of role labels', () => {
    expect(notificationSentence(facts('member.role_changed', { kind: 'role', id: Role.Admin }))).toBe(
      'Mary Ann Smith made you an Admin of Rowing Club',
    );
    expect(notificationSentence(facts('member.role_changed', { kind: 'role', id: Role.Member }))).toBe(
      'Mary Ann Smith made you a Member of Rowing Club',
    );
  });

  it('every kind has a sentence and an object kind; an unknown kind reads as its actor', () => {
    for (const kind of NOTIFICATION_KINDS) {
      // A flagged team is nobody's doing: its sentence starts with the team.
      const subject = kind === 'team.needs_attention' ? /^Rowing Club \S/ : /^Mary Ann Smith \S/;
      expect(notificationSentence(facts(kind)), kind).toMatch(subject);
      expect(NOTIFICATION_OBJECTS[kind], kind).toBeDefined();
    }
    expect(notificationSentence(facts('video.posted'))).toBe('Mary Ann Smith');
  });

  it('a flagged team names its cause, and only its team without one', () => {
    const flagged = (id: number) => ({ ...facts('team.needs_attention'), object: { kind: 'attention' as const, id } });
    expect(notificationSentence(flagged(attentionCauseId('quiet')))).toBe(
      'Rowing Club needs attention: it has gone quiet',
    );
    expect(notificationSentence(flagged(attentionCauseId('happiness_drop')))).toBe(
      'Rowing Club needs attention: happiness fell',
    );
    expect(notificationSentence(flagged(99))).toBe('Rowing Club needs attention');
  });

  it('the DTO requires the structured fields', () => {
    const base = {
      id: 1,
      kind: 'post.created',
      data: { avatar: null, message: 'x', team_name: 'Rowing Club' },
      read_at: null,
      created_at: '2026-11-26T00:00:00.000Z',
    };
    expect(notificationDto.safeParse(base).success).toBe(false);
    expect(notificationDto.safeParse({ ...base, ...facts('post.created', { kind: 'post', id: 3 }) }).success).toBe(
      true,
    );
  });
});
