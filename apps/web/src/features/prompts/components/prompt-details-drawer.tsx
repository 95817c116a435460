import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import { useState } from 'react';
import type { PromptSummaryDto } from '@rally/contract';
import { DetailsDrawer, ListLoading } from '../../../components/details-drawer';
import { LoadMore } from '../../../components/load-more';
import { errorMessage } from '../../../lib/error-message';
import { usePromptList, usePromptResponses } from '../api/get-prompt-stats';
import type { PromptKind } from '../api/keys';
import { ResponseItem } from './owner-responses';
import { PROMPT_STATS_COPY, PromptSummary } from './prompt-summary';

const END_TEXT = 'Yay! You have seen it all';

/** One prompt's answers, paged, read when its row is opened. */
function Responses({ teamId, kind, prompt }: { teamId: number; kind: PromptKind; prompt: PromptSummaryDto }) {
  const responses = usePromptResponses(teamId, kind, prompt.id);
  const list = responses.data?.pages.flatMap((p) => p.data) ?? [];
  if (responses.isPending) return <ListLoading label="Loading responses" />;
  if (responses.isError) return <Typography color="error">{errorMessage(responses.error)}</Typography>;
  if (list.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {PROMPT_STATS_COPY[kind].empty}
      </Typography>
    );
  return (
    <>
      <Box component="ul" aria-label={`Responses to ${prompt.topic}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {list.map((r) => (
          <ResponseItem key={r.id} response={r} />
        ))}
      </Box>
      <LoadMore
        hasNextPage={responses.hasNextPage}
        isFetchingNextPage={responses.isFetchingNextPage}
        fetchNextPage={responses.fetchNextPage}
        endText={END_TEXT}
      />
    </>
  );
}

export interface PromptDetailsDrawerProps {
  open: boolean;
  teamId: number;
  kind: PromptKind;
  fromDate: string | undefined;
  periodLabel: string;
  onClose: () => void;
}

/**
 * 'View Details' (spec §2): every team video or slideshow of the period, newest first, with Load
 * More; opening one lists its answers (paged too), or says none was found.
 */
export function PromptDetailsDrawer({ open, teamId, kind, fromDate, periodLabel, onClose }: PromptDetailsDrawerProps) {
  const copy = PROMPT_STATS_COPY[kind];
  const prompts = usePromptList(teamId, kind, fromDate, open);
  const [expanded, setExpanded] = useState<number | null>(null);
  const list = prompts.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <DetailsDrawer
      open={open}
      onClose={onClose}
      title={copy.title}
      subtitle={periodLabel}
      label={`${copy.title} details`}
      width={420}
    >
      {(scroller) =>
        prompts.isPending ? (
          <ListLoading label={`Loading ${copy.prompts.toLowerCase()}`} />
        ) : prompts.isError ? (
          <Typography color="error" sx={{ p: 2 }}>
            {errorMessage(prompts.error)}
          </Typography>
        ) : list.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {copy.empty}
          </Typography>
        ) : (
          <>
            {list.map((p) => {
              const isOpen = expanded === p.id;
              return (
                <Box key={p.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
                  <ButtonBase
                    onClick={() => setExpanded(isOpen ? null : p.id)}
                    aria-expanded={isOpen}
                    sx={{ width: '100%', justifyContent: 'space-between', gap: 1, textAlign: 'left', p: 1.5 }}
                  >
                    <PromptSummary prompt={p} />
                    <KeyboardArrowDownRounded
                      aria-hidden
                      sx={{ transform: isOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
                    />
                  </ButtonBase>
                  {isOpen && (
                    <Box sx={{ px: 1.5, pb: 1.5 }}>
                      <Responses teamId={teamId} kind={kind} prompt={p} />
                    </Box>
                  )}
                </Box>
              );
            })}
            <LoadMore
              hasNextPage={prompts.hasNextPage}
              isFetchingNextPage={prompts.isFetchingNextPage}
              fetchNextPage={prompts.fetchNextPage}
              endText={END_TEXT}
              root={scroller}
            />
          </>
        )
      }
    </DetailsDrawer>
  );
}
