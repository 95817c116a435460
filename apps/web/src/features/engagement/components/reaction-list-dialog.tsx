import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { type MoodDto, PostMessages } from '@rally/contract';
import { ProfileLink } from '../../../components/profile-link';
import { UserAvatar } from '../../../components/user-avatar';
import { buzzName } from '../../../lib/buzz-name';
import { buzzById } from '../api/get-buzzes';
import { useReactionList } from '../api/reactions';
import type { EngagementSubject } from '../api/subject';
import { displayDate } from '../../../lib/dates';
import { BuzzImage } from './buzz-image';

interface Props {
  open: boolean;
  subject: EngagementSubject;
  buzzes: readonly MoodDto[] | undefined;
  onClose: () => void;
}

function Reactions({ subject, buzzes }: Omit<Props, 'open' | 'onClose'>) {
  const reactions = useReactionList(subject);
  if (reactions.isPending)
    return (
      <Box aria-label="Loading reactions">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  if (reactions.isError) return <Alert severity="error">{reactions.error.message}</Alert>;
  if (reactions.data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
        {PostMessages.noReaction}
      </Typography>
    );
  return (
    <List disablePadding aria-label="Reactions">
      {reactions.data.map((r) => {
        const buzz = buzzById(buzzes, r.buzz_type_id);
        return (
          <ListItem key={r.id} disableGutters secondaryAction={buzz && <BuzzImage buzz={buzz} size={28} />}>
            <ListItemAvatar>
              <ProfileLink userId={r.user.id} aria-label={`${r.user.full_name}'s profile`}>
                <UserAvatar name={r.user.full_name} src={r.user.avatar} />
              </ProfileLink>
            </ListItemAvatar>
            <ListItemText
              primary={<ProfileLink userId={r.user.id}>{r.user.full_name}</ProfileLink>}
              secondary={`${buzz ? `${buzzName(buzz)} · ` : ''}${displayDate(r.user.responded_at)}`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              sx={{ pr: 4 }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/** Everyone who reacted to a post or task, newest first, with the buzz and the date (spec §2, §9). */
export function ReactionListDialog({ open, onClose, ...rest }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="reaction-list-title" fullWidth maxWidth="xs">
      <DialogTitle id="reaction-list-title" sx={{ pr: 6 }}>
        Reactions
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseRounded />
      </IconButton>
      <DialogContent dividers>{open && <Reactions {...rest} />}</DialogContent>
    </Dialog>
  );
}
