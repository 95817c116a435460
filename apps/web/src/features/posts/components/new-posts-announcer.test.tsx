import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PostDto } from '@rally/contract';
import { buildPost } from '../../../test/post-fixtures';
import { NewPostsAnnouncer } from './new-posts-announcer';

const ME = 7;
const isOwn = (post: PostDto) => post.user.id === ME;
const mine = (id: number) => buildPost({ id, user: { id: ME, full_name: 'Me Myself', avatar: null } });

function setUp(ready: boolean, posts: PostDto[]) {
  const view = render(<NewPostsAnnouncer feed="Timeline" ready={ready} posts={posts} isOwn={isOwn} />);
  return {
    region: screen.getByRole('status'),
    update: (nextReady: boolean, next: PostDto[], feed = 'Timeline') =>
      view.rerender(<NewPostsAnnouncer feed={feed} ready={nextReady} posts={next} isOwn={isOwn} />),
  };
}

describe('NewPostsAnnouncer', () => {
  it('is a polite live region, in place and silent while the feed loads and as it first shows', () => {
    const { region, update } = setUp(false, []);
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    update(true, [buildPost({ id: 2 }), buildPost({ id: 1 })]);
    expect(region).toHaveTextContent('');
  });

  it('tells of posts of others arriving at the top, not of the viewer’s own or of older pages', () => {
    const { region, update } = setUp(true, [buildPost({ id: 2 }), buildPost({ id: 1 })]);
    update(true, [buildPost({ id: 3 }), buildPost({ id: 2 }), buildPost({ id: 1 })]);
    expect(region.textContent?.trim()).toBe('1 new post');

    update(true, [buildPost({ id: 5 }), buildPost({ id: 4 }), buildPost({ id: 3 }), buildPost({ id: 2 })]);
    expect(region.textContent?.trim()).toBe('2 new posts');

    // The viewer's own post and a page loaded below are no news: the text stays as it was.
    const before = region.textContent;
    update(true, [mine(6), buildPost({ id: 5 }), buildPost({ id: 4 }), buildPost({ id: 3 }), buildPost({ id: 1 })]);
    expect(region.textContent).toBe(before);
  });

  it('tells of the first post arriving in an empty feed, and of the same count twice as a change', () => {
    const { region, update } = setUp(true, []);
    update(true, [buildPost({ id: 1 })]);
    const first = region.textContent;
    expect(first?.trim()).toBe('1 new post');
    update(true, [buildPost({ id: 2 }), buildPost({ id: 1 })]);
    expect(region.textContent?.trim()).toBe('1 new post');
    expect(region.textContent).not.toBe(first);
  });

  it('says nothing when the page switches to another feed, and tells of news in that feed after', () => {
    const { region, update } = setUp(true, [buildPost({ id: 2 }), buildPost({ id: 1 })]);
    // The Wall of Fame's posts, newer than the timeline's first: the feed, not news.
    update(true, [buildPost({ id: 9 }), buildPost({ id: 8 }), buildPost({ id: 7 })], 'Wall of Fame');
    expect(region).toHaveTextContent('');
    update(true, [buildPost({ id: 10 }), buildPost({ id: 9 }), buildPost({ id: 8 })], 'Wall of Fame');
    expect(region.textContent?.trim()).toBe('1 new post');
  });
});
