import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { TIME_FILTERS, TimeFilterSelect, fromDateOf, type TimeFilter } from '../../../components/time-filter';
import { errorMessage } from '../../../lib/error-message';
import { usePromptMetrics } from '../api/get-prompt-stats';
import type { PromptKind } from '../api/keys';
import { PROMPT_STATS_COPY, PromptSummary } from './prompt-summary';
import { LoadingBlock } from '../../../components/loading-block';

const PromptDetailsDrawer = lazyDialog(() => import('./prompt-details-drawer').then((m) => m.PromptDetailsDrawer));

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box sx={{ bgcolor: 'action.hover', borderRadius: 1.5, px: 1, py: 1, minWidth: 0 }}>
      <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" noWrap>
        {label}
      </Typography>
    </Box>
  );
}

/**
 * Engagement Video Stats, or the slideshow statistics with their response list (spec §2, §3), for
 * roles 2 and 3: the period filter (spec §9), how many were asked and answered, the share of
 * possible answers given, the latest prompts, and 'View Details' with every prompt and its answers.
 */
export function PromptStatsCard({ teamId, kind }: { teamId: number; kind: PromptKind }) {
  const copy = PROMPT_STATS_COPY[kind];
  const [filter, setFilter] = useState<TimeFilter>('30');
  const fromDate = useMemo(() => fromDateOf(filter), [filter]);
  const metrics = usePromptMetrics(teamId, kind, fromDate);
  const [details, setDetails] = useState(false);
  const period = TIME_FILTERS.find((f) => f.value === filter)!.label;
  const titleId = useId();
  const m = metrics.data;

  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {copy.title}
        </Typography>
        <TimeFilterSelect value={filter} onChange={setFilter} fullWidth />
      </Stack>
      {metrics.isPending ? (
        <LoadingBlock label={`Loading ${copy.title}`} height={120} />
      ) : metrics.isError ? (
        <Typography color="error">{errorMessage(metrics.error)}</Typography>
      ) : (
        <Stack spacing={1.5} sx={{ opacity: metrics.isPlaceholderData ? 0.6 : 1 }}>
          {/* Columns as wide as their labels ('Slideshows' is long), sharing what is left: all fit a phone's sidebar. */}
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, auto)', gap: 1 }}>
            <Figure label={copy.prompts} value={m!.total} />
            <Figure label="Answers" value={m!.responses_count} />
            <Figure label="Rate" value={`${m!.response_rate}%`} />
          </Box>
          {m!.data.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {copy.empty}
            </Typography>
          ) : (
            <Stack
              component="ul"
              spacing={1}
              aria-label={`Latest ${copy.prompts.toLowerCase()}`}
              sx={{ listStyle: 'none', m: 0, p: 0 }}
            >
              {m!.data.map((p) => (
                <Box component="li" key={p.id}>
                  <PromptSummary prompt={p} />
                </Box>
              ))}
            </Stack>
          )}
        </Stack>
      )}
      <Button fullWidth variant="outlined" sx={{ mt: 2 }} onClick={() => setDetails(true)}>
        View Details
      </Button>
      <PromptDetailsDrawer
        open={details}
        teamId={teamId}
        kind={kind}
        fromDate={fromDate}
        periodLabel={period}
        onClose={() => setDetails(false)}
      />
    </Paper>
  );
}
