import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import TipsAndUpdatesOutlined from '@mui/icons-material/TipsAndUpdatesOutlined';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { PostMessages } from '@rally/contract';
import { useDelayedClose } from './create-delayed-close';

const ThoughtPanel = lazy(() => import('./thought-panel').then((m) => ({ default: m.ThoughtPanel })));

/** How far down the page the button appears (spec §2: it appears on scrolling). */
export const THOUGHT_BUTTON_SCROLL_Y = 240;

function useScrolledDown(threshold: number) {
  const [down, setDown] = useState(false);
  useEffect(() => {
    const check = () => setDown(window.scrollY > threshold);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [threshold]);
  return down;
}

/**
 * The floating 'New Thoughts, Inspirations, Actions' button, shown once the page is scrolled
 * down, and the thought panel it opens (its code is fetched on the first click).
 */
export function ThoughtButton({ teamId }: { teamId: number }) {
  const scrolled = useScrolledDown(THOUGHT_BUTTON_SCROLL_Y);
  const panel = useDelayedClose();
  const [used, setUsed] = useState(false);

  const fab = useRef<HTMLButtonElement>(null);

  const open = () => {
    setUsed(true);
    panel.show();
  };

  // The panel closed with the cursor in it: the cursor goes back to the button that opened it.
  const wasOpen = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    if (wasOpen.current && !panel.open && (active === document.body || active?.closest('[role="dialog"][hidden]')))
      fab.current?.focus();
    wasOpen.current = panel.open;
  }, [panel.open]);

  return (
    <>
      <Zoom in={scrolled && !panel.open} unmountOnExit>
        <Fab
          ref={fab}
          variant="extended"
          color="primary"
          onClick={open}
          aria-label={PostMessages.newThoughts}
          title={PostMessages.newThoughts}
          sx={{
            position: 'fixed',
            right: { xs: 16, md: 24 },
            bottom: { xs: 72, md: 24 },
            zIndex: (t) => t.zIndex.appBar - 1,
            maxWidth: 'calc(100% - 32px)',
            textTransform: 'none',
            gap: 1,
            // Where the feed leaves no margin beside it, a round button covers less of the cards.
            '@media (max-width: 1535.95px)': { width: 56, height: 56, minWidth: 0, p: 0, borderRadius: '50%' },
          }}
        >
          <TipsAndUpdatesOutlined />
          <Box component="span" sx={{ display: { xs: 'none', xl: 'inline' } }}>
            {PostMessages.newThoughts}
          </Box>
        </Fab>
      </Zoom>
      {used && (
        <Suspense fallback={null}>
          <ThoughtPanel
            teamId={teamId}
            open={panel.open}
            closing={panel.closing}
            onDismiss={panel.dismiss}
            onKeepOpen={panel.keepOpen}
          />
        </Suspense>
      )}
    </>
  );
}
