import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { WatercoolerEndpoints, WatercoolerLimits, type WatercoolerMessagesDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { watercoolerKeys } from './keys';

/** GET user/team/{id}/watercooler/messages?before: a page of the open room's history, oldest first. */
export async function getWatercoolerMessages(
  teamId: number,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<WatercoolerMessagesDto> {
  return call(WatercoolerEndpoints.watercoolerMessages, {
    params: { id: teamId },
    query: { per_page: WatercoolerLimits.pageSize, ...(before ? { before } : {}) },
    ...(signal ? { signal } : {}),
  });
}

/**
 * The room's history, paged backwards: the first page is the newest, each next page the one
 * before the oldest message so far (Load More), until `has_more` says none remain.
 */
export const watercoolerMessagesQuery = (teamId: number, channelSid: string) =>
  infiniteQueryOptions({
    queryKey: watercoolerKeys.messages(teamId, channelSid),
    queryFn: ({ pageParam, signal }) => getWatercoolerMessages(teamId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.meta.has_more ? last.data[0]?.id : undefined),
    // The room's live messages come over its socket; the history is read once per entry.
    staleTime: Infinity,
    gcTime: 0,
  });

export const useWatercoolerMessages = (teamId: number, channelSid: string) =>
  useInfiniteQuery(watercoolerMessagesQuery(teamId, channelSid));
