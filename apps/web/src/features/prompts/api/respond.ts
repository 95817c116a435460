import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PromptEndpoints, href, type PromptResponseDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { upload, uploadFile, type UploadedFile } from '../../../lib/upload';
import { apiPath } from './create-prompt';
import { promptKeys } from './keys';

/** POST user/team/{id}/video/{videoId}: the answer's upload key (spec §7: team id, video id and media key). */
export const respondToVideo = async (teamId: number, videoId: number, mediaKey: string) => {
  const form = new FormData();
  form.append('media', mediaKey);
  return (await call(PromptEndpoints.respondToVideo, { params: { id: teamId, videoId }, form })).data;
};

/** One image of a slideshow answer and its caption. */
export interface CaptionedImage {
  file: File;
  caption: string;
}

/**
 * POST user/team/{id}/slideshow/{slideshowId} (decisions.md): multipart, each image `media`
 * followed by its `caption`, with upload progress.
 */
export async function respondToSlideshow(
  teamId: number,
  slideshowId: number,
  images: readonly CaptionedImage[],
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<PromptResponseDto[]> {
  const form = new FormData();
  for (const image of images) {
    form.append('media', image.file);
    form.append('caption', image.caption.trim());
  }
  const answer = await upload<{ data: PromptResponseDto[] }>(
    apiPath(href(PromptEndpoints.respondToSlideshow, { id: teamId, slideshowId })),
    form,
    { method: 'POST', onProgress, ...(signal ? { signal } : {}) },
  );
  onProgress(100);
  return answer.data;
}

/**
 * A video answer: the recording is uploaded (policy `team.teamvideo`) with progress, then named
 * in the answer. The upload is kept, so a failed answer is sent again without uploading again;
 * a failed upload is retried with the same file (no new recording).
 */
export function useRespondToVideo(teamId: number, videoId: number, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, uploaded }: { file: File; uploaded: { current: UploadedFile | null } }) => {
      if (!uploaded.current) {
        try {
          uploaded.current = await uploadFile(file, { teamId, policy: 'team.teamvideo' }, onProgress);
        } finally {
          onProgress(0);
        }
      }
      return respondToVideo(teamId, videoId, uploaded.current.key);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.team(teamId) }),
  });
}

export function useRespondToSlideshow(teamId: number, slideshowId: number, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (images: readonly CaptionedImage[]) => {
      try {
        return await respondToSlideshow(teamId, slideshowId, images, onProgress);
      } finally {
        onProgress(0);
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.team(teamId) }),
  });
}
