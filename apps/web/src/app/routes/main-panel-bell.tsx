import { Box } from '@mui/material';
import { Suspense, lazy } from 'react';
import { useNotificationsCount } from '../../features/notifications/api/get-notifications';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { usePendingInvitationsCount } from '../../features/invitations/components/invites-list';
import { LoadingBlock } from '../../components/loading-block';

const MainSidePanel = lazy(() => import('./main-side-panel').then((m) => ({ default: m.MainSidePanel })));

/**
 * The top bar's bell on the main pages of a phone, where the side panel (NOTIFICATION and
 * INVITES, spec §2) has no room beside the teams: the one way in to both, its badge counting the
 * notifications not read and the invitations waiting. It opens on INVITES when only those wait.
 */
export function MainPanelBell() {
  const invites = usePendingInvitationsCount();
  const unread = useNotificationsCount();
  return (
    <NotificationBell
      extraCount={invites}
      title="Notifications and invites"
      panel={(close) => (
        <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column', px: 1, pb: 1 }}>
          <Suspense fallback={<LoadingBlock label="Loading notifications and invites" height={240} />}>
            <MainSidePanel initialTab={invites > 0 && unread === 0 ? 1 : 0} onNavigate={close} />
          </Suspense>
        </Box>
      )}
    />
  );
}
