import { Box } from '@mui/material';
import type { MoodDto } from '@rally/contract';

/**
 * A buzz reaction's picture; its name is always written beside it, so the image itself is
 * decorative, and fetched after what the page needs first (issue 25: a feed's cards show it).
 */
export function BuzzImage({ buzz, size = 24 }: { buzz: MoodDto; size?: number }) {
  return (
    <Box
      component="img"
      src={buzz.media}
      alt=""
      fetchPriority="low"
      sx={{ width: size, height: size, display: 'block' }}
    />
  );
}
