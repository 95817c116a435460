import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { topicKeys } from './topic-keys';

/** GET user/team/{id}/topic-of-day: today's topic, or null. */
export const getTopicOfDay = async (teamId: number, signal?: AbortSignal) =>
  (await call(Endpoints.topicOfDay, { params: { id: teamId }, signal })).data;

export const topicOfDayQuery = (teamId: number) =>
  queryOptions({ queryKey: topicKeys.ofDay(teamId), queryFn: ({ signal }) => getTopicOfDay(teamId, signal) });

export const useTopicOfDay = (teamId: number) => useQuery(topicOfDayQuery(teamId));
