import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { WatercoolerMessages, type ChatMessageDto } from '@rally/contract';
import { UserAvatar } from '../../../components/user-avatar';
import { useWatercoolerMessages } from '../api/get-messages';
import type { RoomItem } from '../hooks/use-room';

/** Spec §9: chat time in a short form. */
export const chatTime = (iso: string) => dayjs(iso).format('HH:mm');

function Message({ message }: { message: ChatMessageDto }) {
  const { full_name, avatar } = message.attributes;
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <UserAvatar name={full_name} src={avatar} sx={{ width: 32, height: 32 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography variant="subtitle2" component="span" noWrap sx={{ minWidth: 0 }}>
            {full_name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.timestamp}>
            {chatTime(message.timestamp)}
          </Typography>
        </Stack>
        {message.body && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Typography>
        )}
        {message.media && (
          <Box
            component="img"
            src={message.media}
            alt={`Image from ${full_name}`}
            sx={{ display: 'block', mt: 0.5, maxWidth: '100%', maxHeight: 240, borderRadius: 1.5 }}
          />
        )}
      </Box>
    </Stack>
  );
}

/**
 * The room's messages: its history (Load More pages back), then what came since one entered,
 * with the lines of who joined and left. New rows scroll into view unless one is reading back.
 */
export function MessageList({ teamId, channelSid, live }: { teamId: number; channelSid: string; live: RoomItem[] }) {
  const history = useWatercoolerMessages(teamId, channelSid);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);

  const items = useMemo(() => {
    const old = [...(history.data?.pages ?? [])].reverse().flatMap((page) => page.data);
    const seen = new Set(old.map((m) => m.id));
    const fromHistory: RoomItem[] = old.map((message) => ({ kind: 'message', key: `m-${message.id}`, message }));
    return [...fromHistory, ...live.filter((i) => i.kind === 'line' || !seen.has(i.message.id))];
  }, [history.data, live]);

  // Follow the newest row while the reader is at the bottom; Load More keeps the place instead.
  const last = items.at(-1)?.key;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [last]);
  const firstKey = items[0]?.key;
  const heightBefore = useRef(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && !atBottom.current && heightBefore.current) el.scrollTop += el.scrollHeight - heightBefore.current;
  }, [firstKey]);
  useEffect(() => {
    heightBefore.current = scroller.current?.scrollHeight ?? 0;
  });

  const hasMessages = items.some((i) => i.kind === 'message');
  return (
    <Box
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1.5, sm: 2 }, py: 1.5 }}
    >
      <Box sx={{ textAlign: 'center', mb: 1.5 }}>
        {history.isError ? (
          <Alert severity="error" action={<Button onClick={() => void history.refetch()}>Retry</Button>}>
            {WatercoolerMessages.fetchFailed}
          </Alert>
        ) : history.isPending ? (
          <CircularProgress size={24} aria-label="Loading messages" />
        ) : history.hasNextPage ? (
          <Button
            variant="outlined"
            size="small"
            disabled={history.isFetchingNextPage}
            startIcon={history.isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => void history.fetchNextPage()}
          >
            Load More
          </Button>
        ) : hasMessages ? (
          <Typography variant="body2" color="text.secondary">
            {WatercoolerMessages.seenAll}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No messages yet. Say hello!
          </Typography>
        )}
      </Box>
      <Stack component="ol" aria-label="Messages" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) =>
          item.kind === 'message' ? (
            <Message key={item.key} message={item.message} />
          ) : (
            <Typography
              key={item.key}
              component="li"
              variant="caption"
              color="text.secondary"
              sx={{ textAlign: 'center', display: 'block' }}
            >
              {item.text} · <time dateTime={item.at}>{chatTime(item.at)}</time>
            </Typography>
          ),
        )}
      </Stack>
    </Box>
  );
}
