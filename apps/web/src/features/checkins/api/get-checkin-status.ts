import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { checkinKeys } from './keys';

/** GET user/team/{id}/checkin: `last_checkin_time` and `next_checkin_available` (decisions.md). */
export const getCheckinStatus = async (teamId: number, signal?: AbortSignal) =>
  (await call(Endpoints.checkinStatus, { params: { id: teamId }, signal })).data;

export const checkinStatusQuery = (teamId: number) =>
  queryOptions({ queryKey: checkinKeys.status(teamId), queryFn: ({ signal }) => getCheckinStatus(teamId, signal) });

export const useCheckinStatus = (teamId: number) => useQuery(checkinStatusQuery(teamId));
