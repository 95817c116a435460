import { describe, expect, it } from 'vitest';
import { buildReaction, me } from '../../../test/post-fixtures';
import { withOwnReaction, type OwnReaction } from './use-react';

const none: OwnReaction = {
  buzz_type_id: null,
  buzzes_count: 2,
  reactions: [buildReaction(1), buildReaction(2)],
  recent_buzz_activity_user: null,
};
const mine = (buzz: number): OwnReaction => ({
  buzz_type_id: buzz,
  buzzes_count: 3,
  reactions: [
    { id: 9, buzz_type_id: buzz, user: { ...me, responded_at: '2026-01-01T00:00:00.000Z' } },
    buildReaction(1),
  ],
  recent_buzz_activity_user: me,
});

describe('the counting rules of a reaction (spec §4)', () => {
  it('from none, a reaction adds one and heads the newest reactions', () => {
    const next = withOwnReaction(none, 7, me, 'now');
    expect(next.buzz_type_id).toBe(7);
    expect(next.buzzes_count).toBe(3);
    expect(next.reactions.map((r) => r.user.id)).toEqual([me.id, 101, 102]);
    expect(next.recent_buzz_activity_user).toEqual(me);
  });

  it('a change replaces the type and keeps the count', () => {
    const next = withOwnReaction(mine(7), 8, me);
    expect(next.buzz_type_id).toBe(8);
    expect(next.buzzes_count).toBe(3);
    expect(next.reactions.filter((r) => r.user.id === me.id)).toHaveLength(1);
    expect(next.reactions[0]!.buzz_type_id).toBe(8);
  });

  it('clearing takes one off and the viewer out of the list', () => {
    const next = withOwnReaction(mine(7), null, me);
    expect(next.buzz_type_id).toBeNull();
    expect(next.buzzes_count).toBe(2);
    expect(next.reactions.some((r) => r.user.id === me.id)).toBe(false);
  });

  it('clearing when there is none changes nothing', () => {
    expect(withOwnReaction(none, null, me).buzzes_count).toBe(2);
  });

  it('the hover preview keeps at most 5', () => {
    const full = { ...none, buzzes_count: 9, reactions: [1, 2, 3, 4, 5].map((n) => buildReaction(n)) };
    expect(withOwnReaction(full, 7, me).reactions).toHaveLength(5);
  });
});
