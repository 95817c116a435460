import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints, type MoodDto } from '@rally/contract';
import { call } from '../../../lib/api-client';

export const lookupKeys = {
  buzzes: ['lookups', 'buzzes'] as const,
};

/** GET buzzes: the buzz reactions (mood group 2), each with its image. They change only with a release. */
export const getBuzzes = async () => (await call(Endpoints.buzzes)).data;

export const buzzesQuery = () =>
  queryOptions({ queryKey: lookupKeys.buzzes, queryFn: getBuzzes, staleTime: Infinity, gcTime: Infinity });

export const useBuzzes = () => useQuery(buzzesQuery());

/** A buzz by id, from the loaded list. */
export const buzzById = (buzzes: readonly MoodDto[] | undefined, id: number | null | undefined) =>
  id === null || id === undefined ? undefined : buzzes?.find((b) => b.id === id);
