import { waitFor } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PostType, Routes } from '@rally/contract';
import { postKeys, type PostPage } from '../features/posts/api/post-cache';
import { promptKeys } from '../features/prompts/api/keys';
import { realtime } from '../lib/realtime';
import { sessionStore } from '../lib/session-storage';
import { buildPost, serveRealtime } from '../test/post-fixtures';
import { apiOk, apiUrl, server, testUser } from '../test/server';
import { renderWithProviders } from '../test/team-fixtures';
import { LiveUpdates } from './live-updates';

type Feed = InfiniteData<PostPage, number>;
const video = (responses: number) =>
  buildPost({ id: 80, type_id: PostType.teamvideo, data: { topic: 'Week', video_id: 9, responses_count: responses } });

let gateway: ReturnType<typeof serveRealtime>;
beforeEach(() => {
  gateway = serveRealtime();
  sessionStore.signIn({ token: 'test-token', user: { ...testUser } } as never);
});
afterEach(() => realtime.stop());

describe('prompt.changed', () => {
  it('reads the prompt’s post again into the feeds and marks the team’s prompts stale', async () => {
    let reads = 0;
    server.use(
      http.get(apiUrl(Routes.post, { id: 5, postId: 80 }), () => {
        reads++;
        return apiOk(video(1));
      }),
    );
    const { queryClient } = renderWithProviders(<LiveUpdates />, { url: '/engagements' });
    queryClient.setQueryData<Feed>(postKeys.timeline(5), {
      pages: [{ data: [video(0)], meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 } }],
      pageParams: [1],
    });
    queryClient.setQueryData(promptKeys.one(5, 'video', 9), { id: 9 });
    await waitFor(() => expect(gateway.connected()).toBe(1));

    gateway.send({ type: 'prompt.changed', team_id: 5, post_id: 80, prompt_id: 9 });
    await waitFor(() =>
      expect(queryClient.getQueryData<Feed>(postKeys.timeline(5))!.pages[0]!.data[0]!.data.responses_count).toBe(1),
    );
    expect(reads).toBe(1);
    expect(queryClient.getQueryState(promptKeys.one(5, 'video', 9))?.isInvalidated).toBe(true);
  });
});
