import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type LevelOfEngagementDto } from '@rally/contract';
import { api } from '../../../lib/api-client';

/** GET user/team/level-of-engagement: the four levels with their images. */
export const getLevelsOfEngagement = async (): Promise<LevelOfEngagementDto[]> =>
  (await api<LevelOfEngagementDto[]>(ApiPaths.levelsOfEngagement)).data;

export const levelsOfEngagementQuery = () =>
  queryOptions({ queryKey: ['levels-of-engagement'] as const, queryFn: getLevelsOfEngagement, staleTime: Infinity });

export const useLevelsOfEngagement = () => useQuery(levelsOfEngagementQuery());
