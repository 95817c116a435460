import { Box, Stack, Typography } from '@mui/material';
import { Suspense, lazy, useCallback } from 'react';
import { useParams } from 'react-router';
import { can, type TaskDto } from '@rally/contract';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { paths } from '../../config/paths';
import { PostMedia } from '../../components/post-media';
import { useTodoList } from '../../features/todos/api/get-todo-list';
import { TaskList } from '../../features/todos/components/task-list';
import { TaskEngagement } from './engagement';
import { useWorkspaceTeam } from './workspace-context';
import { PageTitle } from '../../components/page-title';
import { LoadingBlock } from '../../components/loading-block';

// Only roles 2 and 3 see the form, and its member picker and file upload are the page's heaviest
// parts: a chunk of its own keeps the page within its budget.
const CreateTaskForm = lazy(() => import('./todos/create-task-form').then((m) => ({ default: m.CreateTaskForm })));

/**
 * A list's tasks (spec §2 /todo/{listId}/list-task, hidden from the sidebar): the create-task form
 * for roles 2 and 3, then the tasks with their files, reactions and comments (the timeline's).
 */
export function TodoTasksPage() {
  const { team, viewer, openInvite } = useWorkspaceTeam();
  const listId = Number(useParams().listId);
  const list = useTodoList(team.id, listId);
  const extras = useCallback(
    (task: TaskDto) => ({
      media: task.media ? (
        <PostMedia src={task.media} type={task.media_type} owner={task.user.full_name} compact />
      ) : null,
      footer: <TaskEngagement task={task} />,
    }),
    [],
  );
  const name = list.data?.name ?? 'Tasks';

  return (
    <Box sx={{ maxWidth: 750 }}>
      <PageBreadcrumbs
        items={[
          { label: team.name, to: paths.teamHome(team.id) },
          { label: 'To-do Lists', to: paths.teamTodoLists(team.id) },
          { label: name },
        ]}
      />
      <PageTitle sx={{ mb: 2 }}>{name}</PageTitle>
      {list.isError ? (
        <Typography color="error">{list.error.message}</Typography>
      ) : (
        <Stack spacing={2}>
          {can('task.create', viewer) && (
            <Suspense fallback={<LoadingBlock label="Loading the task form" height={120} />}>
              <CreateTaskForm teamId={team.id} listId={listId} onInvite={openInvite} />
            </Suspense>
          )}
          <TaskList teamId={team.id} listId={listId} viewer={viewer} renderExtras={extras} />
        </Stack>
      )}
    </Box>
  );
}
