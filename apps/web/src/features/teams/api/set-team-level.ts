import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type Envelope, type LevelOfEngagementDto } from '@rally/contract';
import { api } from '../../../lib/api-client';
import { teamKeys } from './get-teams';

/** POST user/team/{id}/level-of-engagement (role 2 only). */
export const setTeamLevel = ({
  teamId,
  levelId,
}: {
  teamId: number;
  levelId: number;
}): Promise<Envelope<LevelOfEngagementDto>> =>
  api<LevelOfEngagementDto>(ApiPaths.teamLevelOfEngagement(teamId), {
    method: 'POST',
    body: { level_of_engagement_id: levelId },
  });

export function useSetTeamLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTeamLevel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
