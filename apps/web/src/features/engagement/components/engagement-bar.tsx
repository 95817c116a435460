import { Box, Button, Divider, Stack } from '@mui/material';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import { Suspense, lazy, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { UserRefDto } from '@rally/contract';
import { useSession } from '../../../lib/session';
import { useBuzzes } from '../api/get-buzzes';
import type { EngagementSubject } from '../api/subject';
import { ReactionPicker } from './reaction-picker';
import { ReactionsSummary, engagementsLabel } from './reactions-summary';
import { LoadingBlock } from '../../../components/loading-block';

// Opened on demand: the comment list and composer load with the first one opened.
const Comments = lazy(() => import('./comments').then((m) => ({ default: m.Comments })));

interface Props {
  subject: EngagementSubject;
  /** More buttons at the end of the row (a post's Share and Delete). */
  actions?: ReactNode;
}

/**
 * Reactions and comments of a post or a to-do task (spec §2, §7), the same for both: who reacted
 * and how many comments, React (the buzz menu) and Engage (the comments, cursor in the composer).
 */
export function EngagementBar({ subject, actions }: Props) {
  const buzzes = useBuzzes();
  const user = useSession()?.user;
  const me = useMemo<UserRefDto>(
    () => ({ id: user?.id ?? 0, full_name: user?.full_name ?? '', avatar: user?.avatar ?? null }),
    [user?.id, user?.full_name, user?.avatar],
  );
  const [commentsOpen, setCommentsOpen] = useState(false);
  /** The comments were opened by Engage: the cursor goes to the composer. */
  const [focusComposer, setFocusComposer] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);
  const commentsId = useId();
  const { engagement } = subject;

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', py: 0.5 }}>
        {/* No count without reactions (a lone '0'): React below is the way in. The box keeps the
            comment count at the end of the row. */}
        {engagement.buzzes_count > 0 ? <ReactionsSummary subject={subject} buzzes={buzzes.data} /> : <Box />}
        <Button
          size="small"
          color="inherit"
          sx={{ color: 'text.secondary', fontWeight: 500 }}
          aria-expanded={commentsOpen}
          aria-controls={commentsId}
          onClick={() => {
            setFocusComposer(false);
            setCommentsOpen((o) => !o);
          }}
        >
          {engagementsLabel(engagement.expressions_count)}
        </Button>
      </Stack>
      <Divider />
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, pt: 0.5 }}>
        <ReactionPicker subject={subject} me={me} buzzes={buzzes.data} />
        <Button
          size="small"
          color={engagement.user_expressed ? 'primary' : 'inherit'}
          startIcon={<ChatBubbleOutlineRounded />}
          onClick={() => {
            if (composer.current) composer.current.focus();
            else {
              setCommentsOpen(true);
              setFocusComposer(true);
            }
          }}
        >
          Engage
        </Button>
        {actions && <Box sx={{ flex: 1 }} />}
        {actions}
      </Stack>
      {commentsOpen && (
        <Box id={commentsId}>
          <Suspense fallback={<LoadingBlock label="Loading comments" height={40} sx={{ mt: 1.5 }} />}>
            <Comments subject={subject} me={me} composerRef={composer} autoFocus={focusComposer} />
          </Suspense>
        </Box>
      )}
    </>
  );
}
