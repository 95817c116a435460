import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Badge, IconButton } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import { lazyDialog } from '../../../components/lazy-dialog';
import { whenIdle } from '../../../lib/when-idle';
import { useNotificationsCount } from '../api/get-notifications';

const loadDialog = () => import('./notifications-dialog').then((m) => m.NotificationsDialog);
const NotificationsDialog = lazyDialog(loadDialog);

/**
 * The top bar's notification icon (spec §2) with the count of notifications not read yet
 * (kept live by the signed-in frame's realtime subscription, app/live-updates.tsx). It opens
 * the notifications: full-screen on small screens ('Notifications'), a dialog on large ones.
 * `panel` replaces the plain list (the main side panel, NOTIFICATION and INVITES), and
 * `extraCount` is what else it holds that waits for the user (pending invitations): the one
 * badge counts both. The dialog's code comes after the first screen: when the page is idle, or
 * when the bell is pointed at or focused, so that it opens at once.
 */
export function NotificationBell({
  panel,
  extraCount = 0,
  title = 'Notifications',
}: {
  panel?: (close: () => void) => ReactNode;
  extraCount?: number;
  /** What it holds, the bell's name and its dialog's title ('Notifications and invites' with a panel of both). */
  title?: string;
}) {
  const count = useNotificationsCount() + extraCount;
  const [open, setOpen] = useState(false);
  useEffect(() => whenIdle(() => void loadDialog()), []);
  const close = () => setOpen(false);
  const label = count ? `${title}, ${count} new` : title;
  return (
    <>
      <DeferredTooltip title={title}>
        <IconButton
          aria-label={label}
          onClick={() => setOpen(true)}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
        >
          <Badge badgeContent={count} color="error" max={99}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </DeferredTooltip>
      <NotificationsDialog open={open} onClose={close} panel={panel} title={title} />
    </>
  );
}
