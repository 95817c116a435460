import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { Messages, type InvitationDto, type TeamDto } from '@rally/contract';
import { LoadMore } from '../../../components/load-more';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/error-message';
import { useAcceptInvitation } from '../api/accept-invitation';
import { pendingTotal, usePendingInvitations } from '../api/get-pending-invitations';
import { useRejectInvitation } from '../api/reject-invitation';

/** The INVITES counter (pending invitations), shared with the list through the query cache. */
export function usePendingInvitationsCount(): number {
  return pendingTotal(usePendingInvitations().data);
}

function InviteItem({ invitation, onAccepted }: { invitation: InvitationDto; onAccepted?: (team: TeamDto) => void }) {
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const { enqueueSnackbar } = useSnackbar();
  const busy = accept.isPending || reject.isPending;
  const team = invitation.team.name;

  const onAccept = async () => {
    try {
      const joined = await accept.mutateAsync(invitation);
      enqueueSnackbar(Messages.acceptedInvitation(team), { variant: 'success' });
      onAccepted?.(joined);
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };
  const onReject = async () => {
    try {
      await reject.mutateAsync(invitation);
      enqueueSnackbar(Messages.rejectedInvitation(team), { variant: 'info' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err), { variant: 'error' });
    }
  };

  return (
    <ListItem alignItems="flex-start" divider aria-label={`Invitation to ${team}`} sx={{ flexWrap: 'wrap' }}>
      <ListItemAvatar>
        <UserAvatar name={invitation.invitor.full_name} src={invitation.invitor.avatar} />
      </ListItemAvatar>
      <ListItemText
        primary={
          <>
            <Box component="span" sx={{ fontWeight: 700 }}>
              {invitation.invitor.full_name}
            </Box>{' '}
            has invited you to join a team
          </>
        }
        secondary={team}
        slotProps={{ secondary: { sx: { fontWeight: 600, color: 'primary.main' } } }}
      />
      <Stack direction="row" spacing={1} sx={{ width: '100%', justifyContent: 'flex-end', pl: 7 }}>
        <Button size="small" color="inherit" onClick={() => void onReject()} disabled={busy} loading={reject.isPending}>
          Reject
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={() => void onAccept()}
          disabled={busy}
          loading={accept.isPending}
        >
          Accept
        </Button>
      </Stack>
    </ListItem>
  );
}

/** The INVITES tab: pending invitations, paged with Load More and infinite scroll (spec §2). */
export function InvitesList({ onAccepted }: { onAccepted?: (team: TeamDto) => void }) {
  const invites = usePendingInvitations();
  const [root, setRoot] = useState<HTMLElement | null>(null);

  if (invites.isPending)
    return (
      <Box sx={{ p: 2 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={72} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  if (invites.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {invites.error.message}
      </Alert>
    );
  const items = invites.data.pages.flatMap((p) => p.data);
  if (items.length === 0 && !invites.hasNextPage)
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
        {Messages.noInvitations}
      </Typography>
    );

  return (
    <Box ref={setRoot} sx={{ overflowY: 'auto', height: '100%' }}>
      <List disablePadding aria-label="Invitations">
        {items.map((inv) => (
          <InviteItem key={inv.id} invitation={inv} onAccepted={onAccepted} />
        ))}
      </List>
      <LoadMore
        hasNextPage={invites.hasNextPage}
        isFetchingNextPage={invites.isFetchingNextPage}
        fetchNextPage={invites.fetchNextPage}
        endText={Messages.seenItAll}
        root={root}
      />
    </Box>
  );
}
