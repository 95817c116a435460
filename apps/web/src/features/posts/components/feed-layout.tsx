import { Box, Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** The timeline sidebar's width on large screens (spec §9). */
export const FEED_SIDEBAR_WIDTH = 315;

/**
 * The feed column (spec §9): 11 of 12 columns from the md breakpoint up to 1500 px wide screens,
 * 8 of 12 above; posts inside it are at most 750 px wide. An `aside` (only when a page has
 * something to show there) sits to its right, 315 px wide, on large screens.
 */
export function FeedLayout({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <Stack direction="row" spacing={3} sx={{ justifyContent: 'center', alignItems: 'flex-start' }}>
      <Box
        sx={{
          minWidth: 0,
          width: { xs: '100%', md: `${(11 / 12) * 100}%` },
          '@media (min-width: 1501px)': { width: `${(8 / 12) * 100}%` },
        }}
      >
        {children}
      </Box>
      {aside && (
        <Box
          component="aside"
          sx={{
            display: { xs: 'none', lg: 'block' },
            width: FEED_SIDEBAR_WIDTH,
            flexShrink: 0,
            position: 'sticky',
            top: 88,
          }}
        >
          {aside}
        </Box>
      )}
    </Stack>
  );
}
