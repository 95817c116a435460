import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { DetailsDrawer, ListLoading } from '../../../components/details-drawer';
import { LoadMore } from '../../../components/load-more';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/error-message';
import { useCheckinDetails } from '../api/get-checkin-details';

export interface CheckinDetailsDrawerProps {
  open: boolean;
  teamId: number;
  fromDate: string | undefined;
  periodLabel: string;
  onClose: () => void;
}

/** 'View Details' (spec §2): the answers one may see one by one, newest first, with Load More. */
export function CheckinDetailsDrawer({ open, teamId, fromDate, periodLabel, onClose }: CheckinDetailsDrawerProps) {
  const details = useCheckinDetails(teamId, fromDate, open);
  const answers = details.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <DetailsDrawer
      open={open}
      onClose={onClose}
      title="Check-in details"
      subtitle={periodLabel}
      label="Check-in details"
      width={380}
    >
      {(list) =>
        details.isPending ? (
          <ListLoading label="Loading check-in details" />
        ) : details.isError ? (
          <Typography color="error" sx={{ p: 2 }}>
            {errorMessage(details.error)}
          </Typography>
        ) : answers.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No check-in answers in this period.
          </Typography>
        ) : (
          <>
            <List>
              {answers.map((a) => (
                <ListItem key={a.id} divider>
                  <ListItemAvatar>
                    <UserAvatar name={a.user.full_name} src={a.user.avatar} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={a.user.full_name}
                    secondary={dayjs(a.created_at).format('DD/MM/YYYY HH:mm')}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-end', ml: 1 }}>
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      <Box component="img" src={a.mood.media} alt="" sx={{ width: 22, height: 22 }} />
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {a.mood.name}
                      </Typography>
                    </Stack>
                    {a.is_private && <Chip size="small" label="Private" variant="outlined" />}
                  </Stack>
                </ListItem>
              ))}
            </List>
            <LoadMore
              hasNextPage={details.hasNextPage}
              isFetchingNextPage={details.isFetchingNextPage}
              fetchNextPage={details.fetchNextPage}
              endText="Yay! You have seen it all"
              root={list}
            />
          </>
        )
      }
    </DetailsDrawer>
  );
}
