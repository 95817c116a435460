import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { teamKeys, useTeamChange } from './get-teams';

/** Under `teamKeys.all`: deleting, restoring or any other team change refreshes it too. */
export const deletedTeamsKey = [...teamKeys.all, 'deleted'] as const;

/** GET user/teams/deleted: the user's own deleted engagements that can still be restored (ADR 0019). */
export const getDeletedTeams = async () => (await call(Endpoints.deletedTeams)).data;

export const deletedTeamsQuery = () => queryOptions({ queryKey: deletedTeamsKey, queryFn: getDeletedTeams });

export const useDeletedTeams = () => useQuery(deletedTeamsQuery());

/** POST user/team/{id}/restore: the owner brings a deleted engagement back (410 once too late). */
export const restoreTeam = async (teamId: number) =>
  (await call(Endpoints.restoreTeam, { params: { id: teamId } })).data;

export const useRestoreTeam = () => useTeamChange(restoreTeam);
