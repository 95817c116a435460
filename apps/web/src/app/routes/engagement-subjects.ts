import type { PostDto, TaskDto } from '@rally/contract';
import type { EngagementSubject } from '../../features/engagement';
import { applyOwnEngagement, postKeys } from '../../features/posts/api/post-cache';
import {
  commentOnPost,
  getPostComments,
  getPostReactions,
  reactToPost,
} from '../../features/posts/api/post-engagement';
import { getTaskReactions, reactToTask } from '../../features/todos/api/react-to-task';
import { commentOnTask, getTaskComments } from '../../features/todos/api/task-comments';
import { patchTask, todoKeys } from '../../features/todos/api/todo-keys';

/**
 * The reactable objects of the app as the reactions and comments feature sees them: each owning
 * feature's calls and caches, one shape (ADR 0012). A new kind (a video response) adds one here.
 */
export const postSubject = (post: PostDto): EngagementSubject => ({
  id: post.id,
  teamId: post.team_id,
  engagement: post,
  keys: { comments: postKeys.comments(post.team_id, post.id), reactions: postKeys.reactions(post.team_id, post.id) },
  react: (buzzTypeId) => reactToPost(post, buzzTypeId),
  comments: (page, signal) => getPostComments(post, page, signal),
  comment: (body) => commentOnPost(post, body),
  reactions: (signal) => getPostReactions(post, signal),
  apply: (queryClient, engagement) => applyOwnEngagement(queryClient, post.id, engagement),
});

export const taskSubject = (task: TaskDto): EngagementSubject => ({
  id: task.id,
  teamId: task.team_id,
  engagement: task,
  keys: { comments: todoKeys.comments(task.team_id, task.id), reactions: todoKeys.reactions(task.team_id, task.id) },
  react: (buzzTypeId) => reactToTask(task, buzzTypeId),
  comments: (page, signal) => getTaskComments(task, page, signal),
  comment: (body) => commentOnTask(task, body),
  reactions: (signal) => getTaskReactions(task, signal),
  apply: (queryClient, engagement) => patchTask(queryClient, task.team_id, task.todo_list_id, task.id, engagement),
});
