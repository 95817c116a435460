import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PromptMessages, type PromptSummaryDto } from '@rally/contract';
import { displayDate } from '../../../lib/dates';

/** What each kind's statistics are called and say when empty (spec §2). */
export const PROMPT_STATS_COPY = {
  video: { title: 'Engagement Video Stats', prompts: 'Videos', empty: PromptMessages.noVideoResponses },
  slideshow: { title: 'Slideshow Stats', prompts: 'Slideshows', empty: PromptMessages.noImageResponses },
} as const;

/** One prompt of a statistics list: its topic, when, and how many answered. */
export function PromptSummary({ prompt }: { prompt: PromptSummaryDto }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {prompt.topic}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {`${displayDate(prompt.created_at)} · ${prompt.responses_count} of ${prompt.max_responses_count} responded · ${
          prompt.published ? 'Published' : 'Not Published'
        }`}
      </Typography>
    </Box>
  );
}
