import { Endpoints, type Routes, type BodyOf } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { useTeamChange } from './get-teams';

/** POST user/team: 201 with the new team; 403 with the Coach-plan message when not allowed. */
export const createTeam = async (body: BodyOf<typeof Routes.createTeam>) =>
  (await call(Endpoints.createTeam, { body })).data;

export const useCreateTeam = () => useTeamChange(createTeam);
