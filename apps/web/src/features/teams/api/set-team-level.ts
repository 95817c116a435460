import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { useTeamChange } from './get-teams';

/** POST user/team/{id}/level-of-engagement (role 2 only). */
export const setTeamLevel = ({ teamId, levelId }: { teamId: number; levelId: number }) =>
  call(Endpoints.setTeamLevelOfEngagement, { params: { id: teamId }, body: { level_of_engagement_id: levelId } });

export const useSetTeamLevel = () => useTeamChange(setTeamLevel);
