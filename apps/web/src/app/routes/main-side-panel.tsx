import { Badge, Box, Paper, Tab, Tabs } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { InvitesList, usePendingInvitationsCount } from '../../features/invitations/components/invites-list';
import { teamKeys } from '../../features/teams/api/get-teams';
import { LoadingBlock } from '../../components/loading-block';

// Its own chunk, fetched beside its data: the teams page stays within its size budget.
const NotificationsList = lazy(() =>
  import('../../features/notifications/components/notifications-list').then((m) => ({ default: m.NotificationsList })),
);

/** The INVITES tab label with its counter. */
function InvitesLabel() {
  const count = usePendingInvitationsCount();
  return (
    <Badge badgeContent={count} color="error" max={99} sx={{ '& .MuiBadge-badge': { right: -12 } }}>
      INVITES
    </Badge>
  );
}

/**
 * The main pages' side panel (spec §2): NOTIFICATION and INVITES. `onNavigate`: a notification was
 * opened (the dialog holding the panel closes).
 */
export function MainSidePanel({ initialTab = 1, onNavigate }: { initialTab?: 0 | 1; onNavigate?: () => void }) {
  const [tab, setTab] = useState<number>(initialTab);
  const queryClient = useQueryClient();
  return (
    <Paper
      component="aside"
      aria-label="Notifications and invites"
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflow: 'hidden' }}
    >
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="fullWidth" aria-label="Side panel">
        <Tab label="NOTIFICATION" id="side-tab-0" aria-controls="side-panel-0" />
        <Tab label={<InvitesLabel />} id="side-tab-1" aria-controls="side-panel-1" />
      </Tabs>
      <Box
        role="tabpanel"
        id={`side-panel-${tab}`}
        aria-labelledby={`side-tab-${tab}`}
        sx={{ flexGrow: 1, minHeight: 0, borderTop: 1, borderColor: 'divider' }}
      >
        {tab === 0 ? (
          <Suspense fallback={<LoadingBlock label="Loading notifications" height={72} sx={{ m: 2 }} />}>
            <NotificationsList onNavigate={onNavigate} />
          </Suspense>
        ) : (
          <InvitesList onAccepted={() => void queryClient.invalidateQueries({ queryKey: teamKeys.all })} />
        )}
      </Box>
    </Paper>
  );
}
