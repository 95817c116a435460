import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import TrendingFlatRounded from '@mui/icons-material/TrendingFlatRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { PortfolioMessages, type PortfolioRowDto } from '@rally/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { exactTime, timeAgo } from '../lib/time-ago';
import { BELOW_FLOOR, NOTHING_ASKED, percent, trendLabel, trendText } from './columns';

/**
 * Where a fact is shown: a table cell (the reason of a '—' in its tooltip) or a phone card (no
 * hover there: the reason written under it).
 */
export type FactPlace = 'cell' | 'card';

/** '—' for a figure that is not there, named by why (its tooltip on a desktop, a line on a phone). */
function Missing({ why, place }: { why: string; place: FactPlace }) {
  if (place === 'card')
    return (
      <Box component="span">
        <Box component="span" aria-hidden>
          —{' '}
        </Box>
        <Typography component="span" variant="caption" color="text.secondary">
          {why}
        </Typography>
      </Box>
    );
  return (
    <Tooltip title={why}>
      <Box component="span" role="img" tabIndex={0} sx={{ cursor: 'help' }}>
        —
      </Box>
    </Tooltip>
  );
}

/** The meter now and its trend arrow with its points ('+5', '−12'). */
export function HappinessFact({ happiness, place }: { happiness: PortfolioRowDto['happiness']; place: FactPlace }) {
  if (happiness.meter === null) return <Missing why={BELOW_FLOOR} place={place} />;
  const { trend } = happiness;
  const Arrow =
    trend === null ? null : trend > 0 ? ArrowUpwardRounded : trend < 0 ? ArrowDownwardRounded : TrendingFlatRounded;
  const color = trend === null || trend === 0 ? 'text.secondary' : trend > 0 ? 'success.dark' : 'error.main';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ fontWeight: 700 }}>
        {percent(happiness.meter)}
      </Box>
      {Arrow && trend !== null && (
        <Box
          component="span"
          sx={{ display: 'inline-flex', alignItems: 'center', color, fontWeight: 600 }}
          title={trendLabel(trend)}
        >
          <Arrow sx={{ fontSize: 16 }} aria-hidden />
          <span aria-hidden>{trendText(trend)}</span>
          <Box component="span" sx={visuallyHidden}>
            {trendLabel(trend)}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  position: 'absolute',
  // In pixels: a bare 1 in sx is 100%.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A response rate, or '—' where nothing of its kind was asked. */
export function RateFact({
  value,
  kind,
  place,
}: {
  value: number | null;
  kind: keyof typeof NOTHING_ASKED;
  place: FactPlace;
}) {
  return value === null ? <Missing why={NOTHING_ASKED[kind]} place={place} /> : <>{percent(value)}</>;
}

/** '4 open', then '2 overdue' in red when some are (under it in a table's narrow column). */
export function TasksFact({ tasks, place }: { tasks: PortfolioRowDto['tasks']; place: FactPlace }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {tasks.open} open
      {tasks.overdue > 0 && (
        <Box
          component="span"
          sx={{ color: 'error.main', fontWeight: 600, display: place === 'cell' ? 'block' : 'inline' }}
        >
          {place === 'card' && ' · '}
          {tasks.overdue} overdue
        </Box>
      )}
    </Box>
  );
}

/**
 * '3 days ago' (the exact time on hover), or that nothing happened yet. It may wrap: kept on one
 * line, 'a few seconds ago' pushed the table's last column out of its box at 1366 px.
 */
export function LastActivityFact({ at }: { at: string | null }) {
  if (!at)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        No activity yet
      </Box>
    );
  return (
    <Box component="time" dateTime={at} title={exactTime(at)}>
      {timeAgo(at)}
    </Box>
  );
}

/** The flag of a team that needs attention. */
export function AttentionBadge() {
  return (
    // A chip's look without MUI's Chip, which lives in the timeline's chunk (see lib/time-ago.ts).
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 4,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: 13,
        fontWeight: 600,
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
      }}
    >
      <WarningAmberRounded sx={{ fontSize: 16 }} aria-hidden />
      {PortfolioMessages.needsAttention}
    </Box>
  );
}

/**
 * The team's name, a link to its timeline, with its flag and why it is flagged: the head of a
 * table row and of a phone's card alike.
 */
export function TeamHeading({ row, size = 'body' }: { row: PortfolioRowDto; size?: 'body' | 'title' }) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Link
          component={RouterLink}
          to={paths.teamHome(row.team.id)}
          underline="hover"
          {...(size === 'title' ? { variant: 'subtitle1' as const } : {})}
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {row.team.name}
        </Link>
        {row.attention.flagged && <AttentionBadge />}
      </Box>
      {row.attention.summary && <AttentionSummary summary={row.attention.summary} />}
    </>
  );
}

/** Why the team is flagged, in one sentence. */
export function AttentionSummary({ summary }: { summary: string }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.primary', mt: 0.5, overflowWrap: 'anywhere' }}>
      {summary}
    </Typography>
  );
}
