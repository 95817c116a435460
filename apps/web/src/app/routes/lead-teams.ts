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
