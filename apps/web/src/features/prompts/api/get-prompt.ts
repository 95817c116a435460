import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  PromptEndpoints,
  type PromptMemberDto,
  type PromptResponseDto,
  type SlideshowDto,
  type TeamVideoDto,
} from '@rally/contract';
import { call } from '../../../lib/api-client';
import { promptKeys, type PromptKind } from './keys';

/** A team video or a slideshow, with its answers under one name whatever its kind. */
export type PromptDto = Omit<TeamVideoDto, 'team_video_responses'> & {
  kind: PromptKind;
  responses: PromptResponseDto[];
  members: PromptMemberDto[];
};

const asPrompt = (kind: PromptKind, p: TeamVideoDto | SlideshowDto): PromptDto => {
  const { team_video_responses, slideshow_responses, ...rest } = p as TeamVideoDto & Partial<SlideshowDto>;
  return { ...rest, kind, responses: team_video_responses ?? slideshow_responses ?? [] };
};

/** GET user/team/{id}/video/{videoId} or …/slideshow/{slideshowId}: the prompt as the viewer may see it. */
export async function getPrompt(teamId: number, kind: PromptKind, promptId: number, signal?: AbortSignal) {
  if (kind === 'video')
    return asPrompt(
      kind,
      (await call(PromptEndpoints.video, { params: { id: teamId, videoId: promptId }, signal })).data,
    );
  return asPrompt(
    kind,
    (await call(PromptEndpoints.slideshow, { params: { id: teamId, slideshowId: promptId }, signal })).data,
  );
}

export const promptQuery = (teamId: number, kind: PromptKind, promptId: number) =>
  queryOptions({
    queryKey: promptKeys.one(teamId, kind, promptId),
    queryFn: ({ signal }) => getPrompt(teamId, kind, promptId, signal),
  });

/** The prompt of a card; off for a post without one (a copy shared from another team has its own). */
export const usePrompt = (teamId: number, kind: PromptKind, promptId: number | null | undefined) =>
  useQuery({ ...promptQuery(teamId, kind, promptId ?? 0), enabled: Boolean(promptId) });
