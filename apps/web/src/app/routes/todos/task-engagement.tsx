import { Box, Button, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import AddReactionOutlined from '@mui/icons-material/AddReactionOutlined';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import { Suspense, lazy, useId, useState } from 'react';
import type { TaskDto } from '@rally/contract';
import { buzzById, useBuzzes } from '../../../features/posts/api/get-buzzes';
import { BuzzImage } from '../../../features/posts/components/buzz-image';
import { ReactionMenu } from '../../../features/posts/components/reaction-menu';
import { engagementsLabel, hoverLines, reactionKinds } from '../../../features/posts/components/reactions-summary';
import { useReactToTask } from '../../../features/todos/api/react-to-task';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';

// Opened on demand: the comment list and composer load with the first task opened.
const TaskComments = lazy(() => import('./task-comments'));

/**
 * Reactions and comments of a task (spec §7): the same buzz menu, hover lines and comment pieces as
 * a post's footer; the server side is the same mechanism too (ADR 0012).
 */
export function TaskEngagement({ task }: { task: TaskDto }) {
  const buzzes = useBuzzes();
  const react = useReactToTask(task);
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const current = buzzById(buzzes.data, task.buzz_type_id);
  const kinds = reactionKinds(task.reactions, buzzes.data);

  const choose = (buzzTypeId: number | null) => {
    setAnchor(null);
    if (buzzTypeId === task.buzz_type_id) return;
    react.mutate(buzzTypeId, { onError: (err) => enqueueSnackbar(errorMessage(err), { variant: 'error' }) });
  };

  return (
    <Box sx={{ mt: 1.5 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', py: 0.5 }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 0.75, color: 'text.secondary' }}
          title={hoverLines(task).join('\n')}
          aria-label={`${task.buzzes_count} ${task.buzzes_count === 1 ? 'reaction' : 'reactions'}`}
        >
          <Stack direction="row" spacing={-0.5} aria-hidden>
            {kinds.map((b) => (
              <BuzzImage key={b.id} buzz={b} size={20} />
            ))}
          </Stack>
          {task.buzzes_count > 0 && <Typography variant="body2">{task.buzzes_count}</Typography>}
        </Stack>
        <Button size="small" color="inherit" sx={{ color: 'text.secondary' }} onClick={() => setOpen((o) => !o)}>
          {engagementsLabel(task.expressions_count)}
        </Button>
      </Stack>
      <Divider />
      <Stack direction="row" sx={{ columnGap: 0.5, pt: 0.5 }}>
        <Button
          size="small"
          color={current ? 'primary' : 'inherit'}
          startIcon={current ? <BuzzImage buzz={current} size={20} /> : <AddReactionOutlined />}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-label={current ? `Your reaction: ${current.name}. Change reaction` : 'React'}
          disabled={!buzzes.data?.length}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ textTransform: current ? 'capitalize' : undefined }}
        >
          {current ? current.name : 'React'}
        </Button>
        <Button
          size="small"
          color={task.user_expressed ? 'primary' : 'inherit'}
          startIcon={<ChatBubbleOutlineRounded />}
          onClick={() => setOpen(true)}
        >
          Engage
        </Button>
      </Stack>
      <ReactionMenu
        open={Boolean(anchor)}
        id={menuId}
        anchorEl={anchor}
        buzzes={buzzes.data ?? []}
        current={task.buzz_type_id}
        onChoose={choose}
        onClose={() => setAnchor(null)}
      />
      {open && (
        <Suspense fallback={<LinearProgress aria-label="Loading comments" sx={{ mt: 1 }} />}>
          <TaskComments task={task} />
        </Suspense>
      )}
    </Box>
  );
}
