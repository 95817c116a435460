import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FormatQuoteRounded from '@mui/icons-material/FormatQuoteRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { TopicMessages, type TopicDto } from '@rally/contract';
import { useScheduledTopics } from '../api/get-scheduled-topics';
import { useTopicOfDay } from '../api/get-topic-of-day';
import { TopicDialog } from './topic-dialog';
import { todayUtc, tomorrowUtc, topicDay } from './topic-dates';
import { TopicForm } from './topic-form';
import { LoadingBlock } from '../../../components/loading-block';

interface Props {
  teamId: number;
  /** Roles 2 and 3 (`topic.edit`): create and edit; everyone else reads. */
  canEdit: boolean;
  /** The team has had a topic before (its card's `latest_topic`): decides which empty text shows. */
  hasHistory: boolean;
  /** After a save: the page refreshes what else shows the topic. */
  onSaved?: () => void;
}

/** What the card is doing: showing, or writing a new topic or an existing one (spec §4 Topic card). */
type Mode = { kind: 'view' } | { kind: 'create'; day: string } | { kind: 'edit'; topic: TopicDto };

const clamp = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  }) as const;

/** Today's topic: its words, author and day, and its counts; a click opens the dialog. */
function TodayTopic({ topic, onOpen }: { topic: TopicDto; onOpen: () => void }) {
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={`Open today's inspiration: ${topic.content}`}
      sx={{ display: 'block', textAlign: 'left', width: '100%', borderRadius: 1, p: 1, mx: -1 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormatQuoteRounded color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <Typography sx={{ fontWeight: 600, ...clamp(6) }}>{topic.content}</Typography>
      </Stack>
      {/* The line wraps rather than cut the day short in the narrow sidebar; the day stays whole. */}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {topic.user.full_name} ·{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {topicDay(topic.publish_date)}
        </Box>
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {topic.buzzes_count} {topic.buzzes_count === 1 ? 'reaction' : 'reactions'} · {topic.expressions_count}{' '}
        {topic.expressions_count === 1 ? 'engagement' : 'engagements'}
      </Typography>
    </ButtonBase>
  );
}

/** The topics a lead has written ahead, each editable until its day. */
function Scheduled({ topics, onEdit }: { topics: TopicDto[]; onEdit: (topic: TopicDto) => void }) {
  if (topics.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="scheduled-topics-heading">
      <Typography id="scheduled-topics-heading" variant="overline" color="text.secondary" component="h3">
        Scheduled
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {topics.map((topic) => (
          <Stack key={topic.id} component="li" direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <EventOutlined fontSize="small" color="action" aria-hidden sx={{ mt: 0.25 }} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {topicDay(topic.publish_date)}
              </Typography>
              <Typography variant="body2" sx={clamp(2)}>
                {topic.content}
              </Typography>
            </Box>
            <IconButton
              size="small"
              aria-label={`Edit the topic of ${topicDay(topic.publish_date)}`}
              onClick={() => onEdit(topic)}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * 'Inspiration from today' (spec §2): the topic of the day for everyone, with its dialog; roles 2
 * and 3 create it, edit it and write topics ahead; others see a read-only icon.
 */
export function InspirationCard({ teamId, canEdit, hasHistory, onSaved }: Props) {
  const today = useTopicOfDay(teamId);
  const scheduled = useScheduledTopics(teamId, canEdit);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [open, setOpen] = useState(false);
  const topic = today.data ?? null;
  // The dialog shows who reacted and commented now.
  const openDialog = () => {
    setOpen(true);
    void today.refetch();
  };
  const view = () => setMode({ kind: 'view' });

  const action = !canEdit ? (
    <Tooltip title={TopicMessages.readOnly}>
      <LockOutlined fontSize="small" color="action" titleAccess={TopicMessages.readOnly} />
    </Tooltip>
  ) : mode.kind !== 'view' || today.isPending ? null : topic ? (
    <IconButton size="small" aria-label="Edit topic" onClick={() => setMode({ kind: 'edit', topic })}>
      <EditOutlined fontSize="small" />
    </IconButton>
  ) : (
    <IconButton size="small" aria-label="Create topic" onClick={() => setMode({ kind: 'create', day: todayUtc() })}>
      <AddRounded fontSize="small" />
    </IconButton>
  );

  let body;
  if (mode.kind === 'create')
    body = <TopicForm key="create" teamId={teamId} defaultDay={mode.day} onDone={view} onSaved={onSaved} />;
  else if (mode.kind === 'edit')
    body = <TopicForm key={mode.topic.id} teamId={teamId} topic={mode.topic} onDone={view} onSaved={onSaved} />;
  else if (today.isPending) body = <LoadingBlock label="Loading the topic" height={72} />;
  else if (today.isError)
    body = (
      <Typography role="alert" variant="body2" color="error">
        {today.error.message}
      </Typography>
    );
  else if (topic) body = <TodayTopic topic={topic} onOpen={openDialog} />;
  else
    body = (
      <Typography variant="body2" color="text.secondary">
        {hasHistory ? TopicMessages.noInspiration : TopicMessages.noTopic}
      </Typography>
    );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="inspiration-heading"
      sx={{ p: 2 }}
      // The card works in place: on a phone the sidebar drawer closes when a control in it is
      // clicked (app-layout), which would throw away the form being written.
      onClick={(e) => e.stopPropagation()}
    >
      <Stack spacing={1.5}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 30 }}
        >
          <Typography id="inspiration-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {TopicMessages.heading}
          </Typography>
          {action}
        </Stack>
        {body}
        {canEdit && mode.kind === 'view' && (
          <>
            <Scheduled topics={scheduled.data ?? []} onEdit={(t) => setMode({ kind: 'edit', topic: t })} />
            <Button
              size="small"
              variant="text"
              startIcon={<EventOutlined />}
              onClick={() => setMode({ kind: 'create', day: topic ? tomorrowUtc() : todayUtc() })}
              sx={{ alignSelf: 'flex-start' }}
            >
              Plan a topic
            </Button>
          </>
        )}
      </Stack>
      {topic && <TopicDialog topic={topic} open={open} onClose={() => setOpen(false)} />}
    </Paper>
  );
}
