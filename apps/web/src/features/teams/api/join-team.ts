import { Endpoints, type Routes, type BodyOf } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { useTeamChange } from './get-teams';

/** POST user/team/join with a join code: 422 for an invalid code, 409 when already a member. */
export const joinTeam = async (body: BodyOf<typeof Routes.joinTeam>) => (await call(Endpoints.joinTeam, { body })).data;

export const useJoinTeam = () => useTeamChange(joinTeam);
