import Close from '@mui/icons-material/Close';
import { Box, Dialog, DialogTitle, IconButton, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { NotificationsList } from './notifications-list';

/**
 * The bell's notifications (NotificationBell): full-screen on small screens (titled as the bell is named), a
 * dialog on large ones; `panel` replaces the plain list. A chunk of its own, loaded when the page
 * is idle or the bell is pointed at, so that no first screen carries it (issue 25).
 */
export function NotificationsDialog({
  open,
  onClose,
  panel,
  title,
}: {
  open: boolean;
  onClose: () => void;
  panel?: (close: () => void) => ReactNode;
  title: string;
}) {
  const theme = useTheme();
  const small = !useMediaQuery(theme.breakpoints.up('md'));
  return (
    <Dialog
      fullScreen={small}
      fullWidth
      maxWidth="xs"
      open={open}
      onClose={onClose}
      aria-labelledby="notifications-title"
    >
      <DialogTitle id="notifications-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          {title}
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <Close />
        </IconButton>
      </DialogTitle>
      <Box
        sx={{
          flexGrow: 1,
          minHeight: 0,
          height: small ? undefined : '60vh',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {panel ? panel(onClose) : <NotificationsList onNavigate={onClose} />}
      </Box>
    </Dialog>
  );
}
