import {
  Alert,
  Box,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Messages, notificationSentence, type NotificationDto } from '@rally/contract';
import { LoadMore } from '../../../components/load-more';
import { UserAvatar } from '../../../components/user-avatar';
import { notificationKeys, useNotifications } from '../api/get-notifications';
import { PushToggle } from './push-toggle';

function NotificationItem({ notification, onOpen }: { notification: NotificationDto; onOpen: (url?: string) => void }) {
  const { avatar, team_name, url } = notification.data;
  // Built from the structured fields (contract), never parsed from a sentence.
  const message = notificationSentence(notification);
  // A list item holding the button: a list's children are items (WCAG 1.3.1).
  return (
    <ListItem disablePadding>
      <ListItemButton
        divider
        alignItems="flex-start"
        onClick={() => onOpen(url)}
        aria-label={message}
        sx={notification.read_at === null ? { bgcolor: 'action.hover' } : undefined}
      >
        <ListItemAvatar>
          <UserAvatar name={notification.actor.name} src={avatar} />
        </ListItemAvatar>
        <ListItemText
          primary={message}
          secondary={team_name}
          slotProps={{ secondary: { sx: { fontWeight: 600, color: 'primary.main' } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The NOTIFICATION tab (spec §2): avatar, message and team name, newest first, infinite scroll with
 * Load More and 'Yay! You have seen it all'. Clicking one opens what it is about. Opening the list
 * marks its first page read, so the badge is fetched again.
 */
export function NotificationsList({ onNavigate }: { onNavigate?: () => void }) {
  const list = useNotifications();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const loadedAt = list.dataUpdatedAt;

  useEffect(() => {
    if (loadedAt) void queryClient.invalidateQueries({ queryKey: notificationKeys.count() });
  }, [loadedAt, queryClient]);

  const open = (url?: string) => {
    onNavigate?.();
    if (url) void navigate(url);
  };

  if (list.isPending)
    return (
      <Box sx={{ p: 2 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={64} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  if (list.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {list.error.message}
      </Alert>
    );
  const items = list.data.pages.flatMap((p) => p.data);
  return (
    <Box ref={setRoot} sx={{ overflowY: 'auto', height: '100%' }}>
      <PushToggle />
      {items.length === 0 && !list.hasNextPage ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          No notifications yet.
        </Typography>
      ) : (
        <>
          <List disablePadding aria-label="Notifications">
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} onOpen={open} />
            ))}
          </List>
          <LoadMore
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
            endText={Messages.seenItAll}
            root={root}
          />
        </>
      )}
    </Box>
  );
}
