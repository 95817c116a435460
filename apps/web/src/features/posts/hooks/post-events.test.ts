import { QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PostType, type PostDto } from '@rally/contract';
import { buildPost, buildReaction } from '../../../test/post-fixtures';
import { postKeys, type PostPage } from '../api/post-cache';
import { applyPostEvent } from './post-events';

type Feed = InfiniteData<PostPage, number>;

const feed = (...pages: PostDto[][]): Feed => ({
  pages: pages.map((data, i) => ({
    data,
    meta: { current_page: i + 1, last_page: pages.length, per_page: 10, total: 20 },
  })),
  pageParams: pages.map((_, i) => i + 1),
});

describe('post.updated', () => {
  const topic = (over: Partial<PostDto> = {}) =>
    buildPost({ id: 7, type_id: PostType.topic, data: { topic: 'Old words', text: 'Old words' }, ...over });

  it('replaces the post in every loaded list that holds it, keeping the viewer’s own reaction', () => {
    const qc = new QueryClient();
    const mine = topic({ buzz_type_id: 8, user_expressed: true, buzzes_count: 1, reactions: [buildReaction(1, 8)] });
    const other = buildPost({ id: 3 });
    const elsewhere = buildPost({ id: 4, team_id: 6 });
    qc.setQueryData(postKeys.timeline(5), feed([buildPost({ id: 9 })], [mine, other]));
    qc.setQueryData(postKeys.dashboard(), feed([mine]));
    const untouched = feed([elsewhere]);
    qc.setQueryData(postKeys.timeline(6), untouched);

    // As the server sends it: nobody's own reaction, the counts as they are now.
    const edited = topic({
      data: { topic: 'New words', text: 'New words' },
      buzzes_count: 2,
      reactions: [buildReaction(2), buildReaction(1, 8)],
    });
    applyPostEvent(qc, { type: 'post.updated', team_id: 5, post: edited });

    const timeline = qc.getQueryData<Feed>(postKeys.timeline(5))!;
    const dashboard = qc.getQueryData<Feed>(postKeys.dashboard())!;
    for (const post of [timeline.pages[1]!.data[0]!, dashboard.pages[0]!.data[0]!])
      expect(post).toEqual({ ...edited, buzz_type_id: 8, user_expressed: true });
    // Nothing else moves: same order, same totals, other posts and lists as they were.
    expect(timeline.pages[1]!.data[1]).toBe(other);
    expect(timeline.pages.map((p) => p.data.map((x) => x.id))).toEqual([[9], [7, 3]]);
    expect(timeline.pages.map((p) => p.meta.total)).toEqual([20, 20]);
    expect(qc.getQueryData(postKeys.timeline(6))).toBe(untouched);
  });

  it('does not add the post to a list that had not loaded it', () => {
    const qc = new QueryClient();
    const loaded = feed([buildPost({ id: 3 })]);
    qc.setQueryData(postKeys.timeline(5), loaded);
    applyPostEvent(qc, { type: 'post.updated', team_id: 5, post: topic({ data: { topic: 'New words' } }) });
    expect(qc.getQueryData(postKeys.timeline(5))).toBe(loaded);
  });
});

describe('media.ready and prompt.changed', () => {
  it('reads the team’s loaded lists and the post’s comments again, not another team’s', () => {
    const qc = new QueryClient();
    qc.setQueryData(postKeys.timeline(5), feed([buildPost({ id: 7 })]));
    qc.setQueryData(postKeys.timeline(5, PostType.brightidea), feed([]));
    qc.setQueryData(postKeys.dashboard(), feed([buildPost({ id: 7 })]));
    qc.setQueryData(postKeys.comments(5, 7), { pages: [], pageParams: [] });
    qc.setQueryData(postKeys.comments(5, 8), { pages: [], pageParams: [] });
    qc.setQueryData(postKeys.timeline(6), feed([]));
    const stale = () =>
      [
        postKeys.timeline(5),
        postKeys.timeline(5, PostType.brightidea),
        postKeys.dashboard(),
        postKeys.comments(5, 7),
        postKeys.comments(5, 8),
        postKeys.timeline(6),
      ].map((queryKey) => qc.getQueryState(queryKey)?.isInvalidated);

    applyPostEvent(qc, { type: 'media.ready', team_id: 5, post_id: 7 });
    expect(stale()).toEqual([true, true, true, true, false, false]);

    const again = new QueryClient();
    again.setQueryData(postKeys.comments(5, 8), { pages: [], pageParams: [] });
    again.setQueryData(postKeys.timeline(5), feed([]));
    // A file of no post (a task's comment): every loaded comment list of the team.
    applyPostEvent(again, { type: 'media.ready', team_id: 5, post_id: null });
    expect(again.getQueryState(postKeys.comments(5, 8))?.isInvalidated).toBe(true);

    // A prompt's post is read again by the app (live-events.ts), not here.
    const prompt = new QueryClient();
    prompt.setQueryData(postKeys.timeline(5), feed([]));
    applyPostEvent(prompt, { type: 'prompt.changed', team_id: 5, post_id: 7, prompt_id: 3 });
    expect(prompt.getQueryState(postKeys.timeline(5))?.isInvalidated).toBe(false);
  });

  it('reads a comment list afresh even when its first fetch began before the file was converted', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = postKeys.comments(5, 7);
    let calls = 0;
    let release!: () => void;
    const queryFn = () => {
      calls += 1;
      if (calls === 1)
        // The first read began before the conversion ended: it answers 'encoding', late.
        return new Promise<string>((resolve) => (release = () => resolve('encoding')));
      return Promise.resolve('ready');
    };
    const observer = new QueryObserver(qc, { queryKey: key, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(calls).toBe(1));

    applyPostEvent(qc, { type: 'media.ready', team_id: 5, post_id: 7 });
    release();
    await vi.waitFor(() => expect(qc.getQueryData(key)).toBe('ready'));
    expect(calls).toBe(2);
    unsubscribe();
  });
});
