import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { checkinKeys } from './keys';

/** GET user/team/{id}/checkin/{checkinId}: answers so far, and whether the viewer may answer. */
export const getCheckin = async (teamId: number, checkinId: number, signal?: AbortSignal) =>
  (await call(Endpoints.checkin, { params: { id: teamId, checkinId }, signal })).data;

export const checkinQuery = (teamId: number, checkinId: number) =>
  queryOptions({
    queryKey: checkinKeys.one(teamId, checkinId),
    queryFn: ({ signal }) => getCheckin(teamId, checkinId, signal),
  });

export const useCheckin = (teamId: number, checkinId: number) => useQuery(checkinQuery(teamId, checkinId));
