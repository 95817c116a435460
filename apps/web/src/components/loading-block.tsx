import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';

interface Props {
  /** What is loading, said to screen readers: 'Loading check-in stats'. */
  label: string;
  height: number;
  sx?: SxProps<Theme>;
}

/**
 * A rounded placeholder where something loads. A named progressbar: the name tells a screen
 * reader what is on its way, and an aria-label needs a role to be read at all (axe).
 */
export function LoadingBlock({ label, height, sx }: Props) {
  return <Skeleton role="progressbar" variant="rounded" height={height} aria-label={label} {...(sx ? { sx } : {})} />;
}
