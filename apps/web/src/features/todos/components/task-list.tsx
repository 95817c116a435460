import { Alert, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { TaskStatus, TodoMessages, type TaskDto, type TaskOrder, type Viewer } from '@rally/contract';
import { LoadMore } from '../../../components/load-more';
import { useTasks } from '../api/get-tasks';
import { loadedItems, type TaskFilter } from '../api/todo-keys';
import { TaskCard } from './task-card';

const FILTERS: { label: string; value: 'all' | TaskFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Completed', value: TaskStatus.Completed },
  { label: 'Incomplete', value: TaskStatus.Incomplete },
];

interface Props {
  teamId: number;
  listId: number;
  viewer: Viewer;
  /** What the page adds to each card: its file and its reactions and comments. */
  renderExtras?: (task: TaskDto) => { media?: ReactNode; footer?: ReactNode };
}

/**
 * An unselected choice in the secondary text colour: MUI's default (action.active) reads at 4.49:1
 * on the page's background, under WCAG's 4.5:1. The selected one keeps MUI's own colour.
 */
const unselectedSx = { color: 'text.secondary' } as const;

/**
 * A list's tasks with the filter All / Completed / Incomplete and the newest / oldest order
 * (spec §4): each choice is its own query from page 1, then Load More.
 */

export function TaskList({ teamId, listId, viewer, renderExtras }: Props) {
  const [status, setStatus] = useState<TaskFilter>(undefined);
  const [order, setOrder] = useState<TaskOrder>('newest');
  const tasks = useTasks(teamId, listId, status, order);
  const items = loadedItems(tasks.data);

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={status ?? 'all'}
          aria-label="Show tasks"
          onChange={(_e, v: 'all' | TaskFilter | null) => v !== null && setStatus(v === 'all' ? undefined : v)}
        >
          {FILTERS.map((f) => (
            <ToggleButton key={f.label} value={f.value ?? 'all'} sx={unselectedSx}>
              {f.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={order}
          aria-label="Order"
          onChange={(_e, v: TaskOrder | null) => v && setOrder(v)}
        >
          <ToggleButton value="newest" sx={unselectedSx}>
            Newest
          </ToggleButton>
          <ToggleButton value="oldest" sx={unselectedSx}>
            Oldest
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {tasks.isPending ? (
        <Stack spacing={1.5} aria-label="Loading tasks">
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : tasks.isError ? (
        <Alert severity="error">{tasks.error.message}</Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {TodoMessages.tasksEmpty}
        </Typography>
      ) : (
        <>
          <Stack spacing={1.5} aria-label="Tasks">
            {items.map((task) => (
              <TaskCard key={task.id} task={task} viewer={viewer} {...renderExtras?.(task)} />
            ))}
          </Stack>
          <LoadMore
            hasNextPage={tasks.hasNextPage}
            isFetchingNextPage={tasks.isFetchingNextPage}
            fetchNextPage={() => void tasks.fetchNextPage()}
            endText={TodoMessages.seenItAll}
          />
        </>
      )}
    </Stack>
  );
}
