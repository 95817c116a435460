import { Box, Card, CardContent } from '@mui/material';
import { memo, useId, type ReactNode } from 'react';
import type { PostDto } from '@rally/contract';
import { PostBody, hasBody } from './post-body';
import { PostFooter, type PostFooterProps } from './post-footer';
import { PostHeader } from './post-header';

/** Max post width (spec §9). */
export const POST_MAX_WIDTH = 750;

/**
 * Bodies a page provides for post types another feature draws (a check-in's Answer button): a
 * feature never imports another, so the page passes them in. Keep the object stable (memo).
 */
export type PostBodies = Readonly<Partial<Record<number, (post: PostDto) => ReactNode>>>;

/** A feed post card: header, a body per type and the footer (spec §2). */
export const PostCard = memo(function PostCard({ bodies, ...props }: PostFooterProps & { bodies?: PostBodies }) {
  const titleId = useId();
  const body = bodies?.[props.post.type_id];
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ width: '100%', maxWidth: POST_MAX_WIDTH, mx: 'auto' }}>
      <CardContent sx={{ pb: '8px !important' }}>
        <PostHeader post={props.post} titleId={titleId} />
        {hasBody(props.post) && <Box sx={{ mt: 2 }}>{body ? body(props.post) : <PostBody post={props.post} />}</Box>}
        <PostFooter {...props} />
      </CardContent>
    </Card>
  );
});
