import type { TaskDto } from '@rally/contract';
import { PostComments } from '../../../features/posts/components/post-comments';
import { useSendTaskComment, useTaskComments } from '../../../features/todos/api/task-comments';
import { useSession } from '../../../lib/session';

/** A task's comments: the timeline's comment list and composer, over the task's own calls. */
export default function TaskComments({ task }: { task: TaskDto }) {
  const session = useSession();
  const comments = useTaskComments(task, task.expressions_count > 0);
  const send = useSendTaskComment(task);
  const me = session
    ? { id: session.user.id, full_name: session.user.full_name, avatar: session.user.avatar }
    : { id: 0, full_name: '', avatar: null };
  return <PostComments post={task} me={me} source={{ comments, send }} />;
}
