import { useMemo } from 'react';
import { isLead } from '@rally/contract';
import { useTeams } from '../../features/teams/api/get-teams';

/** The teams the viewer leads (roles 2 and 3), where they may share a post to (spec §6). */
export function useLeadTeams() {
  const teams = useTeams();
  return useMemo(
    () => (teams.data ?? []).filter((t) => isLead(t.role_id)).map((t) => ({ id: t.id, name: t.name })),
    [teams.data],
  );
}
