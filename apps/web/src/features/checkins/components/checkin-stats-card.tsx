import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TrendingDownRounded from '@mui/icons-material/TrendingDownRounded';
import TrendingFlatRounded from '@mui/icons-material/TrendingFlatRounded';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { useMemo, useState } from 'react';
import type { CheckinMetricsDto, TrendDto } from '@rally/contract';
import { lazyDialog } from '../../../components/lazy-dialog';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/error-message';
import { useCheckinMetrics } from '../api/get-checkin-metrics';
import { HappinessMeter } from './happiness-meter';
import { MoodBreakdown } from './mood-breakdown';
import { TIME_FILTERS, TimeFilterSelect, fromDateOf, type TimeFilter } from '../../../components/time-filter';
import { LoadingBlock } from '../../../components/loading-block';

const CheckinDetailsDrawer = lazyDialog(() => import('./checkin-details-drawer').then((m) => m.CheckinDetailsDrawer));

function Trend({ trend }: { trend: TrendDto }) {
  if (trend.direction === null || trend.change === null)
    return (
      <Typography variant="body2" color="text.secondary">
        Not enough answers in the period before to compare.
      </Typography>
    );
  const Icon =
    trend.direction === 'up'
      ? TrendingUpRounded
      : trend.direction === 'down'
        ? TrendingDownRounded
        : TrendingFlatRounded;
  const color =
    trend.direction === 'up' ? 'success.dark' : trend.direction === 'down' ? 'error.main' : 'text.secondary';
  const sign = trend.change > 0 ? '+' : '';
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color }}>
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {`${sign}${trend.change} points vs the period before (${trend.previous_meter}%)`}
      </Typography>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ bgcolor: 'action.hover', borderRadius: 1.5, px: 1.25, py: 1, minWidth: 0 }}>
      <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
    </Box>
  );
}

function Figures({ m, period }: { m: CheckinMetricsDto; period: string }) {
  const { meter, moods, hidden, hidden_reason, trend } = m.metrics_meter;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          Team happiness
        </Typography>
        {hidden || meter === null ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }}>
            <VisibilityOffOutlined fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
            <Typography variant="body2">{hidden_reason}</Typography>
          </Stack>
        ) : (
          <Stack spacing={0.5}>
            <HappinessMeter value={meter} label={`Team happiness, ${period}`} size="large" />
            {trend && <Trend trend={trend} />}
          </Stack>
        )}
      </Box>
      {moods.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Mood breakdown
          </Typography>
          <MoodBreakdown moods={moods} label="Mood breakdown" />
        </Box>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Figure label="Engaged users" value={m.engaged_users_count} />
        <Figure label="Total activities" value={m.total_activities} />
        <Figure label="Initiated" value={m.initiated_count} />
        <Figure label="Entertained" value={m.entertained_count} />
      </Box>
      {m.users.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Members
          </Typography>
          <Stack spacing={1} component="ul" aria-label="Member happiness" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {m.users.map((u) => (
              <Stack key={u.id} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <UserAvatar name={u.full_name} src={u.avatar} sx={{ width: 28, height: 28 }} />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap title={u.full_name}>
                    {u.full_name}
                  </Typography>
                  <HappinessMeter value={u.meter} label={`${u.full_name}’s happiness`} />
                </Box>
              </Stack>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

/**
 * Check-In Stats of the team's right sidebar (spec §2, §3), for roles 2 and 3: the period filter,
 * the team's meter with its trend (hidden below 3 people, saying why), the mood breakdown, the
 * counts, per-member meters and 'View Details'.
 */
export function CheckinStatsCard({ teamId }: { teamId: number }) {
  const [filter, setFilter] = useState<TimeFilter>('30');
  const fromDate = useMemo(() => fromDateOf(filter), [filter]);
  const metrics = useCheckinMetrics(teamId, fromDate);
  const [details, setDetails] = useState(false);
  const period = TIME_FILTERS.find((f) => f.value === filter)!.label;

  return (
    <Paper component="section" aria-labelledby="checkin-stats-title" variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        <Typography id="checkin-stats-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Check-In Stats
        </Typography>
        <TimeFilterSelect value={filter} onChange={setFilter} fullWidth />
      </Stack>
      {metrics.isPending ? (
        <LoadingBlock label="Loading check-in stats" height={160} />
      ) : metrics.isError ? (
        <Typography color="error">{errorMessage(metrics.error)}</Typography>
      ) : (
        <Box sx={{ opacity: metrics.isPlaceholderData ? 0.6 : 1 }}>
          <Figures m={metrics.data} period={period} />
        </Box>
      )}
      <Button fullWidth variant="outlined" sx={{ mt: 2 }} onClick={() => setDetails(true)}>
        View Details
      </Button>
      <CheckinDetailsDrawer
        open={details}
        teamId={teamId}
        fromDate={fromDate}
        periodLabel={period}
        onClose={() => setDetails(false)}
      />
    </Paper>
  );
}
