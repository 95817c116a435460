import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Limits, type EngagementDto, type MoodDto, PostMessages } from '@rally/contract';
import { lazyDialog } from '../../../components/lazy-dialog';
import { buzzById } from '../api/get-buzzes';
import type { EngagementSubject } from '../api/subject';
import { BuzzImage } from './buzz-image';

const ReactionListDialog = lazyDialog(() => import('./reaction-list-dialog').then((m) => m.ReactionListDialog));

/**
 * The hover list's lines (decisions.md): up to 5 names, newest first, then 'and N more'; 'No
 * Reaction' when nobody reacted. The post carries the newest few reactions and the whole count.
 */
export function hoverLines(post: Pick<EngagementDto, 'reactions' | 'buzzes_count'>): string[] {
  if (post.buzzes_count <= 0) return [PostMessages.noReaction];
  const names = post.reactions.slice(0, Limits.reactionPreview).map((r) => r.user.full_name);
  const rest = post.buzzes_count - names.length;
  return rest > 0 ? [...names, PostMessages.andMore(rest)] : names;
}

/** Up to 3 buzzes among the recent reactions, one of each kind, newest first. */
export const reactionKinds = (
  reactions: readonly { buzz_type_id: number }[],
  buzzes: readonly MoodDto[] | undefined,
): MoodDto[] =>
  [...new Set(reactions.map((r) => r.buzz_type_id))]
    .map((id) => buzzById(buzzes, id))
    .filter((b) => b !== undefined)
    .slice(0, 3);

/** The count of comments under a post or task, as its footer names it. */
export const engagementsLabel = (n: number) => `${n} ${n === 1 ? 'Engagement' : 'Engagements'}`;

/**
 * The buzzes of a post or task and their count: hover or focus shows who reacted, a click the whole list.
 * The hover list is drawn here rather than with MUI's Tooltip, whose positioning engine would
 * weigh a fifth of the timeline's bundle.
 */
export function ReactionsSummary({
  subject,
  buzzes,
}: {
  subject: EngagementSubject;
  buzzes: readonly MoodDto[] | undefined;
}) {
  const post = subject.engagement;
  const [dialog, setDialog] = useState(false);
  const [hover, setHover] = useState(false);
  const tipId = useId();
  const lines = hoverLines(post);
  const kinds = reactionKinds(post.reactions, buzzes);

  return (
    <>
      <Box
        sx={{ position: 'relative' }}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onFocus={() => setHover(true)}
        onBlur={() => setHover(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setHover(false);
        }}
      >
        <Button
          size="small"
          color="inherit"
          onClick={() => {
            setHover(false);
            setDialog(true);
          }}
          aria-label={`${post.buzzes_count} ${post.buzzes_count === 1 ? 'reaction' : 'reactions'}, show who reacted`}
          aria-describedby={hover ? tipId : undefined}
          sx={{ minWidth: 0, px: 1, color: 'text.secondary' }}
        >
          <Stack direction="row" spacing={-0.5} sx={{ mr: kinds.length ? 0.75 : 0 }} aria-hidden>
            {kinds.map((b) => (
              <BuzzImage key={b.id} buzz={b} size={20} />
            ))}
          </Stack>
          <Typography variant="body2" component="span">
            {post.buzzes_count}
          </Typography>
        </Button>
        {hover && (
          <Paper
            id={tipId}
            role="tooltip"
            elevation={4}
            sx={{
              position: 'absolute',
              bottom: '100%',
              left: 0,
              mb: 0.5,
              px: 1.25,
              py: 0.75,
              zIndex: (t) => t.zIndex.tooltip,
              bgcolor: 'grey.800',
              color: 'common.white',
              fontSize: 13,
              maxWidth: 240,
              pointerEvents: 'none',
            }}
          >
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {lines.map((line, i) => (
                <Box component="li" key={i} sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {line}
                </Box>
              ))}
            </Box>
          </Paper>
        )}
      </Box>
      <ReactionListDialog open={dialog} subject={subject} buzzes={buzzes} onClose={() => setDialog(false)} />
    </>
  );
}
