import { describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/team-fixtures';
import { memberActions } from './member-actions';

const VIEWER = 1;
const labels = (viewerRole: number, target: { id: number; role_id: number }) =>
  memberActions({ id: VIEWER, role: viewerRole }, buildMember(target)).map((a) => a.label);

describe('member card action menu (spec §6)', () => {
  // [viewer role, target role, own card?, expected labels]
  it.each([
    // The Super Admin's card never has a menu, not even for the Super Admin.
    [2, 2, true, []],
    [3, 2, false, []],
    [4, 2, false, []],
    // Owner and admins manage others.
    [2, 4, false, ['Make Admin', 'Remove from Team']],
    [2, 3, false, ['Remove From Admin', 'Remove from Team']],
    [3, 4, false, ['Make Admin', 'Remove from Team']],
    [3, 3, false, ['Remove From Admin', 'Remove from Team']],
    // An admin's own card.
    [3, 3, true, ['Remove From Admin', 'Remove from Team']],
    // A plain member sees no menu on others' cards, and only "leave" on their own.
    [4, 4, false, []],
    [4, 3, false, []],
    [4, 4, true, ['Remove from Team']],
  ] as const)('viewer role %i on a role-%i card (own: %s) → %j', (viewerRole, targetRole, own, expected) => {
    expect(labels(viewerRole, { id: own ? VIEWER : 99, role_id: targetRole })).toEqual(expected);
  });

  it('asks the spec questions with the member name', () => {
    const target = buildMember({ id: 9, first_name: 'Grace', last_name: 'Hopper', role_id: 4 });
    expect(memberActions({ id: VIEWER, role: 2 }, target).map((a) => a.confirm)).toEqual([
      'Make Grace Hopper an Admin?',
      'Remove Grace Hopper from this team?',
    ]);
    const admin = { ...target, role_id: 3 };
    expect(memberActions({ id: VIEWER, role: 2 }, admin)[0]!.confirm).toBe('Remove Grace Hopper from an Admin?');
  });
});
