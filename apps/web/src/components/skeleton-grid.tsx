import { Box, Skeleton, type SxProps, type Theme } from '@mui/material';

/** A grid of cards still loading: three placeholders of the cards' height, in the grid's own layout. */
export function SkeletonGrid({ sx, height }: { sx: SxProps<Theme>; height: number }) {
  return (
    <Box sx={sx} aria-busy>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Box>
  );
}
