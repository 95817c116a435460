import { Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { PostDto } from '@rally/contract';

interface Props {
  /**
   * Which feed this is (its label). One page shows the Timeline, Wall of Fame and Bright Ideas in
   * turn: on a switch, the new feed's posts are the feed, not news.
   */
  feed: string;
  /** The feed's first page has loaded: the posts shown then are the feed, not news. */
  ready: boolean;
  /** The feed's posts, newest first, as shown. */
  posts: readonly PostDto[];
  /** Whether a post is the viewer's own (their own posting is told by its snackbar). */
  isOwn: (post: PostDto) => boolean;
}

/** Read by screen readers, not drawn (MUI's visuallyHidden, without importing @mui/utils). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** 'N new post(s)' for the posts of others that came in at the top of the feed. */
export const newPostsText = (count: number) => `${count} new ${count === 1 ? 'post' : 'posts'}`;

/**
 * A polite live region, visually hidden, that tells a screen reader user when posts of others
 * arrive live at the top of a feed ('1 new post'); pages loaded further down are not news. Kept
 * mounted while the feed loads or is empty, so that it is in place before the first post arrives
 * (a live region added together with its text is not read out).
 */
export function NewPostsAnnouncer({ feed, ready, posts, isOwn }: Props) {
  const known = useRef<{ feed: string; ids: Set<number> } | null>(null);
  const [text, setText] = useState('');
  // Flips on each announcement: the same words twice in a row are still a change to read out.
  const [flip, setFlip] = useState(false);

  useEffect(() => {
    if (!ready) return;
    if (known.current?.feed !== feed) {
      known.current = { feed, ids: new Set(posts.map((p) => p.id)) };
      return;
    }
    const seen = known.current.ids;
    const arrived: PostDto[] = [];
    for (const post of posts) {
      if (seen.has(post.id)) break;
      arrived.push(post);
    }
    for (const post of posts) seen.add(post.id);
    const news = arrived.filter((p) => !isOwn(p)).length;
    if (news > 0) {
      setText(newPostsText(news));
      setFlip((f) => !f);
    }
  }, [feed, ready, posts, isOwn]);

  return (
    <Box role="status" aria-live="polite" sx={visuallyHidden}>
      {text}
      {flip ? '\u00a0' : ''}
    </Box>
  );
}
