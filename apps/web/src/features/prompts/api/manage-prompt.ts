import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PromptEndpoints, type PostDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { promptKeys, type PromptKind } from './keys';

/** POST …/video/{videoId}/publish or …/slideshow/{slideshowId}/publish (the owner only): the published post. */
export async function publishPrompt(teamId: number, kind: PromptKind, promptId: number): Promise<PostDto> {
  if (kind === 'video')
    return (await call(PromptEndpoints.publishVideo, { params: { id: teamId, videoId: promptId } })).data;
  return (await call(PromptEndpoints.publishSlideshow, { params: { id: teamId, slideshowId: promptId } })).data;
}

/** POST …/user/{userId}/response-reminder: reminds a member who has not answered yet. */
export async function remindMember(teamId: number, kind: PromptKind, promptId: number, userId: number) {
  const answer =
    kind === 'video'
      ? await call(PromptEndpoints.remindVideo, { params: { id: teamId, videoId: promptId, userId } })
      : await call(PromptEndpoints.remindSlideshow, { params: { id: teamId, slideshowId: promptId, userId } });
  return answer.data;
}

/** POST …/responses/{responseId}/hide: hides an answer from the team before publishing, or shows it again. */
export async function hideResponse(
  teamId: number,
  kind: PromptKind,
  promptId: number,
  responseId: number,
  hidden: boolean,
) {
  const body = { hidden };
  const answer =
    kind === 'video'
      ? await call(PromptEndpoints.hideVideoResponse, { params: { id: teamId, videoId: promptId, responseId }, body })
      : await call(PromptEndpoints.hideSlideshowResponse, {
          params: { id: teamId, slideshowId: promptId, responseId },
          body,
        });
  return answer.data;
}

/** The owner's acts on a prompt; each refreshes the prompt and the team's statistics. */
export function usePublishPrompt(teamId: number, kind: PromptKind, promptId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishPrompt(teamId, kind, promptId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.team(teamId) }),
  });
}

export function useRemindMember(teamId: number, kind: PromptKind, promptId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => remindMember(teamId, kind, promptId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.one(teamId, kind, promptId) }),
  });
}

export function useHideResponse(teamId: number, kind: PromptKind, promptId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ responseId, hidden }: { responseId: number; hidden: boolean }) =>
      hideResponse(teamId, kind, promptId, responseId, hidden),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.one(teamId, kind, promptId) }),
  });
}
