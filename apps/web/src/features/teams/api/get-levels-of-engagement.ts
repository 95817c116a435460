import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';

/** GET user/team/level-of-engagement: the four levels with their images. */
export const getLevelsOfEngagement = async () => (await call(Endpoints.levelsOfEngagement)).data;

export const levelsOfEngagementQuery = () =>
  queryOptions({ queryKey: ['levels-of-engagement'] as const, queryFn: getLevelsOfEngagement, staleTime: Infinity });

export const useLevelsOfEngagement = () => useQuery(levelsOfEngagementQuery());
