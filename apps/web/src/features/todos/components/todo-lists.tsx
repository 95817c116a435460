import { Alert, Badge, Box, Card, CardActionArea, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { TodoMessages, type TodoListDto } from '@rally/contract';
import { LoadMore } from '../../../components/load-more';
import { UserAvatar } from '../../../components/user-avatar';
import { useTodoLists } from '../api/get-todo-lists';
import { loadedItems } from '../api/todo-keys';

/** A list's card: its initials avatar (up to 3 letters), name, creator and unread notifications. */
function ListCard({ list, to }: { list: TodoListDto; to: string }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Badge
            color="error"
            badgeContent={list.notifications_count}
            overlap="circular"
            aria-label={list.notifications_count ? `${list.notifications_count} new` : undefined}
          >
            <UserAvatar name={list.name} src={null} sx={{ width: 48, height: 48 }} />
          </Badge>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {list.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {`Created by ${list.user.full_name}`}
            </Typography>
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

interface Props {
  teamId: number;
  /** Where a list's card leads. */
  linkTo: (listId: number) => string;
}

/** The team's to-do lists, newest first, with Load More and the spec's empty and end texts. */
export function TodoLists({ teamId, linkTo }: Props) {
  const lists = useTodoLists(teamId);
  const items = loadedItems(lists.data);
  if (lists.isPending)
    return (
      <Stack spacing={1.5} aria-label="Loading lists">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={80} />
        ))}
      </Stack>
    );
  if (lists.isError) return <Alert severity="error">{lists.error.message}</Alert>;
  if (items.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {TodoMessages.listsEmpty}
      </Typography>
    );
  return (
    <>
      <Box
        component="ul"
        aria-label="To-do lists"
        sx={{ display: 'grid', gap: 1.5, p: 0, m: 0, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        {items.map((list) => (
          <ListCard key={list.id} list={list} to={linkTo(list.id)} />
        ))}
      </Box>
      <LoadMore
        hasNextPage={lists.hasNextPage}
        isFetchingNextPage={lists.isFetchingNextPage}
        fetchNextPage={() => void lists.fetchNextPage()}
        endText={TodoMessages.seenItAll}
      />
    </>
  );
}
