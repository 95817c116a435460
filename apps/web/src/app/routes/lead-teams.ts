import { useMemo } from 'react';
import { can } from '@rally/contract';
import { useTeams } from '../../features/teams/api/get-teams';
import { useSession } from '../../lib/session';
import { teamViewer } from '../../lib/viewer';

/** The teams a post may be shared to: those the permission table's `post.shareTo` allows (spec §6). */
export function useLeadTeams() {
  const teams = useTeams();
  const userId = useSession()?.user.id ?? 0;
  return useMemo(
    () =>
      (teams.data ?? [])
        // The plan plays no part in this row; the viewer's role is theirs in each team.
        .filter((t) => can('post.shareTo', teamViewer(userId, t.role_id, false)))
        .map((t) => ({ id: t.id, name: t.name })),
    [teams.data, userId],
  );
}

/**
 * Whether the user leads an engagement (a team, not a personal one, where the permission table
 * lets them lead): the portfolio's rows (issue 26, ADR 0036), its top-bar entry and its settings.
 */
export function useLeadsAnEngagement(): boolean {
  const teams = useTeams();
  const userId = useSession()?.user.id ?? 0;
  return (teams.data ?? []).some((t) => !t.is_personal && can('post.shareTo', teamViewer(userId, t.role_id, false)));
}
