import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { PromptMessages, type PromptMemberDto } from '@rally/contract';
import { UserAvatar } from '../../../components/user-avatar';
import { displayDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useSnackbar } from '../../../lib/snackbar';
import { useRemindMember } from '../api/manage-prompt';
import type { PromptDto } from '../api/get-prompt';

/** A member's status (spec §4): answered with the date, awaited while unpublished, or not answered. */
export function memberStatus(member: PromptMemberDto, published: boolean): string {
  if (member.responded_at) return `Responded ${displayDate(member.responded_at)}`;
  return published ? 'Not Responded' : 'Response Awaits';
}

interface Props {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  prompt: PromptDto | undefined;
  /** The viewer asked the question: they alone remind (spec §6). */
  isOwner: boolean;
}

function Members({ prompt, isOwner }: { prompt: PromptDto; isOwner: boolean }) {
  const remind = useRemindMember(prompt.team_id, prompt.kind, prompt.id);
  const { enqueueSnackbar } = useSnackbar();
  // Spec §4: a reminder is sent once per popover (this list lives as long as the popover is open).
  const [reminded, setReminded] = useState<readonly number[]>([]);

  const send = async (member: PromptMemberDto) => {
    setReminded([...reminded, member.id]);
    try {
      await remind.mutateAsync(member.id);
      enqueueSnackbar(PromptMessages.reminderSent, { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  if (prompt.members.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        No one else is in the team yet.
      </Typography>
    );
  return (
    <List dense aria-label="Who responded" sx={{ py: 0.5 }}>
      {prompt.members.map((m) => {
        const awaiting = !prompt.published && !m.responded_at;
        return (
          <ListItem
            key={m.id}
            secondaryAction={
              isOwner && awaiting ? (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={reminded.includes(m.id)}
                  onClick={() => void send(m)}
                  aria-label={`Remind ${m.full_name}`}
                >
                  {reminded.includes(m.id) ? 'Reminded' : 'Remind'}
                </Button>
              ) : undefined
            }
            sx={{ pr: isOwner && awaiting ? 13 : 2 }}
          >
            <ListItemAvatar sx={{ minWidth: 44 }}>
              <UserAvatar name={m.full_name} src={m.avatar} sx={{ width: 32, height: 32 }} />
            </ListItemAvatar>
            <ListItemText
              primary={m.full_name}
              secondary={memberStatus(m, prompt.published)}
              slotProps={{ primary: { noWrap: true } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * The 'who responded' popover (spec §2, §4), opened from 'x of y responded'. A Popper (already
 * loaded for tooltips) rather than MUI's Popover, which would split the Menu chunk of other
 * screens; it closes on Escape and on a click elsewhere, and its list (with the reminders sent
 * from it) lives only while it is open.
 */
export function WhoRespondedPopover({ anchorEl, onClose, prompt, isOwner }: Props) {
  // Escape closes it wherever the focus is (the opener keeps it when opened by a pointer).
  useEffect(() => {
    if (!anchorEl) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onClose();
      anchorEl.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [anchorEl, onClose]);
  return (
    <Popper
      open={Boolean(anchorEl)}
      anchorEl={anchorEl}
      placement="bottom-start"
      sx={{ zIndex: (t) => t.zIndex.modal }}
    >
      <ClickAwayListener onClickAway={onClose}>
        <Paper
          role="dialog"
          aria-label="Who responded"
          elevation={8}
          sx={{ width: 340, maxWidth: 'calc(100vw - 32px)', maxHeight: 420, overflowY: 'auto', mt: 0.5 }}
        >
          <Box sx={{ px: 2, pt: 1.5 }}>
            <Typography variant="subtitle2" component="h3">
              Who responded
            </Typography>
          </Box>
          {prompt ? (
            <Members prompt={prompt} isOwner={isOwner} />
          ) : (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              Loading…
            </Typography>
          )}
        </Paper>
      </ClickAwayListener>
    </Popper>
  );
}
