import { useMutation } from '@tanstack/react-query';
import { PromptEndpoints, href, type PostDto } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { upload } from '../../../lib/upload';

/** The API's own URL of a route, for a multipart POST with progress (lib/upload.ts `upload`). */
export const apiPath = (path: string) => new URL(`/api/${path}`, window.location.origin).toString();

/**
 * POST user/team/{id}/video: the topic and the video's upload key (policy `team.teamvideo`,
 * uploaded first with progress); 201 with the post.
 */
export const createVideo = async (teamId: number, topic: string, mediaKey: string) => {
  const form = new FormData();
  form.append('topic', topic);
  form.append('media', mediaKey);
  return (await call(PromptEndpoints.createVideo, { params: { id: teamId }, form })).data;
};

/** POST user/team/{id}/slideshow: multipart topic, content and the image, with upload progress. */
export async function createSlideshow(
  teamId: number,
  input: { topic: string; content: string | null; image: File },
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<PostDto> {
  const form = new FormData();
  form.append('topic', input.topic);
  if (input.content) form.append('content', input.content);
  form.append('media', input.image);
  const answer = await upload<{ data: PostDto }>(apiPath(href(PromptEndpoints.createSlideshow, { id: teamId })), form, {
    method: 'POST',
    onProgress,
    ...(signal ? { signal } : {}),
  });
  onProgress(100);
  return answer.data;
}

/** A mutation for a new prompt post; `onPosted` puts it on top of the feeds (the page passes it). */
export const useCreatePrompt = <B>(create: (body: B) => Promise<PostDto>, onPosted?: (post: PostDto) => void) =>
  useMutation({ mutationFn: create, onSuccess: (post) => onPosted?.(post) });
