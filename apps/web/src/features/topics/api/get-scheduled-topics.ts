import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { topicKeys } from './topic-keys';

/** GET user/team/{id}/topics/scheduled: topics written ahead, soonest first (roles 2 and 3). */
export const getScheduledTopics = async (teamId: number, signal?: AbortSignal) =>
  (await call(Endpoints.scheduledTopics, { params: { id: teamId }, signal })).data;

export const scheduledTopicsQuery = (teamId: number) =>
  queryOptions({
    queryKey: topicKeys.scheduled(teamId),
    queryFn: ({ signal }) => getScheduledTopics(teamId, signal),
  });

/** Asked only by those who may write topics (`enabled`): the server refuses everyone else. */
export const useScheduledTopics = (teamId: number, enabled: boolean) =>
  useQuery({ ...scheduledTopicsQuery(teamId), enabled });
