import Close from '@mui/icons-material/Close';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Badge, Box, Dialog, DialogTitle, IconButton, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotificationsCount } from '../api/get-notifications';
import { NotificationsList } from './notifications-list';

/**
 * The top bar's notification icon (spec §2) with the count of notifications not read yet
 * (kept live by the signed-in frame's realtime subscription, app/live-updates.tsx). It opens
 * the notifications: full-screen on small screens ('Notifications'), a dialog on large ones.
 * `panel` replaces the plain list (the main side panel, NOTIFICATION and INVITES), and
 * `extraCount` is what else it holds that waits for the user (pending invitations): the one
 * badge counts both.
 */
export function NotificationBell({
  panel,
  extraCount = 0,
}: {
  panel?: (close: () => void) => ReactNode;
  extraCount?: number;
}) {
  const count = useNotificationsCount() + extraCount;
  const [open, setOpen] = useState(false);
  const theme = useTheme();
  const small = !useMediaQuery(theme.breakpoints.up('md'));
  const close = () => setOpen(false);
  const label = count ? `Notifications, ${count} new` : 'Notifications';
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton aria-label={label} onClick={() => setOpen(true)}>
          <Badge badgeContent={count} color="error" max={99}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Dialog
        fullScreen={small}
        fullWidth
        maxWidth="xs"
        open={open}
        onClose={close}
        aria-labelledby="notifications-title"
      >
        <DialogTitle id="notifications-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
          <Box component="span" sx={{ flexGrow: 1 }}>
            Notifications
          </Box>
          <IconButton aria-label="Close" onClick={close}>
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
          {panel ? panel(close) : <NotificationsList onNavigate={close} />}
        </Box>
      </Dialog>
    </>
  );
}
