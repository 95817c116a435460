import { Box, Card, CardContent } from '@mui/material';
import { memo, useId } from 'react';
import { PostBody, hasBody } from './post-body';
import { PostFooter, type PostFooterProps } from './post-footer';
import { PostHeader } from './post-header';

/** Max post width (spec §9). */
export const POST_MAX_WIDTH = 750;

/** A feed post card: header, a body per type and the footer (spec §2). */
export const PostCard = memo(function PostCard(props: PostFooterProps) {
  const titleId = useId();
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ width: '100%', maxWidth: POST_MAX_WIDTH, mx: 'auto' }}>
      <CardContent sx={{ pb: '8px !important' }}>
        <PostHeader post={props.post} titleId={titleId} />
        {hasBody(props.post) && (
          <Box sx={{ mt: 2 }}>
            <PostBody post={props.post} />
          </Box>
        )}
        <PostFooter {...props} />
      </CardContent>
    </Card>
  );
});
