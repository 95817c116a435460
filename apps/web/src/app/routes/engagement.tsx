import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import type { PostDto, TaskDto } from '@rally/contract';
import { EngagementBar } from '../../features/engagement';
import type { PostEngagementSlot } from '../../features/posts/components/post-footer';
import { postSubject, taskSubject } from './engagement-subjects';

/** A post card's reactions and comments, with the card's Share and Delete at the end of the row. */
export const postEngagement: PostEngagementSlot = (post: PostDto, actions: ReactNode) => (
  <EngagementBar subject={postSubject(post)} actions={actions} />
);

/** A task's reactions and comments: the same bar as a post's. */
export function TaskEngagement({ task }: { task: TaskDto }) {
  return (
    <Box sx={{ mt: 1.5 }}>
      <EngagementBar subject={taskSubject(task)} />
    </Box>
  );
}
