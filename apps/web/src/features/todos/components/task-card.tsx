import { Box, Button, Card, Chip, Stack, Typography } from '@mui/material';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { TaskStatus, TodoMessages, can, type TaskDto, type Viewer } from '@rally/contract';
import { lazyDialog } from '../../../components/lazy-dialog';
import { ProfileLink } from '../../../components/profile-link';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useCompleteTask } from '../api/complete-task';
import { useDeleteTask } from '../api/delete-task';

const ConfirmDialog = lazyDialog(() => import('../../../components/confirm-dialog').then((m) => m.ConfirmDialog));

/**
 * A due date as 'DD/MM/YYYY' (spec §9): a due date is a day (YYYY-MM-DD), and a time would always
 * read 00:00; one that carries a time keeps it ('DD/MM/YYYY HH:mm').
 */
export const dueDateText = (due: string) =>
  dayjs(due).format(/^\d{4}-\d{2}-\d{2}$/.test(due) ? 'DD/MM/YYYY' : 'DD/MM/YYYY HH:mm');

/** 'Mark as done' is offered only while the task is open and the rule of spec §4 allows it. */
export const canMarkDone = (task: TaskDto, viewer: Viewer) =>
  task.status_id === TaskStatus.Incomplete &&
  can('task.complete', viewer, { creator_id: task.user.id, tagged_ids: task.tag_users });

interface Props {
  task: TaskDto;
  viewer: Viewer;
  /** The attached file, drawn by the page (the feed's media player). */
  media?: ReactNode;
  /** Reactions and comments, composed by the page from the timeline's mechanism. */
  footer?: ReactNode;
}

/**
 * One task: who created it, its description (struck through once 'Completed'), priority, due
 * date, tagged members and file; 'Mark as done' after a confirm, and Delete for roles 2 and 3.
 */
export function TaskCard({ task, viewer, media, footer }: Props) {
  const [confirm, setConfirm] = useState<'complete' | 'delete' | null>(null);
  const complete = useCompleteTask(task);
  const remove = useDeleteTask(task);
  const { enqueueSnackbar } = useSnackbar();
  const done = task.status_id === TaskStatus.Completed;
  const canDelete = can('task.delete', viewer);

  const run = async () => {
    try {
      if (confirm === 'complete') {
        await complete.mutateAsync();
        enqueueSnackbar(TodoMessages.taskCompleted, { variant: 'success' });
      } else {
        await remove.mutateAsync();
        enqueueSnackbar(TodoMessages.taskDeleted, { variant: 'success' });
      }
      setConfirm(null);
    } catch (err) {
      setConfirm(null);
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  return (
    <Card component="article" variant="outlined" aria-label={task.description ?? 'Task with a file'} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <ProfileLink userId={task.user.id} aria-label={`${task.user.full_name}'s profile`}>
          <UserAvatar name={task.user.full_name} src={task.user.avatar} sx={{ width: 36, height: 36 }} />
        </ProfileLink>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {task.user.full_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {dayjs(task.created_at).format('DD/MM/YYYY HH:mm')}
          </Typography>
        </Box>
        {done && <Chip icon={<CheckCircleRounded />} label={TodoMessages.completed} color="success" size="small" />}
      </Stack>
      {task.description && (
        <Typography
          sx={{
            mt: 1.5,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            textDecoration: done ? 'line-through' : undefined,
            color: done ? 'text.secondary' : undefined,
          }}
        >
          {task.description}
        </Typography>
      )}
      {media && <Box sx={{ mt: 1.5 }}>{media}</Box>}
      <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {task.priority && (
          <Chip icon={<FlagOutlined />} size="small" variant="outlined" label={`Priority: ${task.priority}`} />
        )}
        {task.due_date && (
          <Chip icon={<EventOutlined />} size="small" variant="outlined" label={`Due ${dueDateText(task.due_date)}`} />
        )}
        {task.tagged_users.map((u) => (
          <Chip
            key={u.id}
            size="small"
            icon={<PersonOutlineRounded />}
            variant="outlined"
            label={u.full_name}
            aria-label={`Tagged: ${u.full_name}`}
          />
        ))}
      </Stack>
      {(canMarkDone(task, viewer) || canDelete) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
          {canDelete && (
            <Button
              size="small"
              color="inherit"
              startIcon={<DeleteOutlineRounded />}
              onClick={() => setConfirm('delete')}
            >
              Delete
            </Button>
          )}
          {canMarkDone(task, viewer) && (
            <Button
              size="small"
              variant="contained"
              startIcon={<TaskAltRounded />}
              onClick={() => setConfirm('complete')}
            >
              {TodoMessages.markAsDone}
            </Button>
          )}
        </Stack>
      )}
      {footer}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'delete' ? 'Delete Task' : TodoMessages.confirmTitle}
        message={
          confirm === 'delete' ? 'Do you want to delete this task, kindly confirm.' : TodoMessages.confirmComplete
        }
        confirmLabel={confirm === 'delete' ? 'Delete' : 'Yes'}
        pending={complete.isPending || remove.isPending}
        onConfirm={() => void run()}
        onClose={() => setConfirm(null)}
      />
    </Card>
  );
}
