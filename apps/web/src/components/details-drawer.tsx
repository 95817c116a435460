import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { useState, type ReactNode } from 'react';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The period it covers. */
  subtitle: string;
  /** The drawer's accessible name. */
  label: string;
  /** Its width from the `sm` breakpoint up; phones get the whole width. */
  width: number;
  /** The list, given the scrolling element (Load More watches it). */
  children: (scroller: HTMLElement | null) => ReactNode;
}

/** The 'View Details' side drawer of the statistics (spec §2): a title, its period, a close button and a scrolling list. */
export function DetailsDrawer({ open, onClose, title, subtitle, label, width, children }: Props) {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the sticky top bar (which sits over the page's own drawers), so its header shows.
      sx={{ zIndex: (t) => t.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: width } }, 'aria-label': label } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </Stack>
      <Box ref={setScroller} sx={{ flex: 1, overflowY: 'auto', p: 1 }}>
        {children(scroller)}
      </Box>
    </Drawer>
  );
}

/** Three grey rows while a list loads. */
export function ListLoading({ label }: { label: string }) {
  return (
    <Stack spacing={1} sx={{ p: 2 }} role="status" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}
