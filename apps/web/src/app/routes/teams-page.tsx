import { Box, Button, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/Add';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/snackbar';
import { Suspense, lazy, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Messages, isCoach, type TeamDto } from '@rally/contract';
import { NoticeDialog } from '../../components/notice-dialog';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { useSubscription } from '../../features/billing/api/get-subscription';
import { invitationKeys } from '../../features/invitations/api/get-pending-invitations';
import { useTeams } from '../../features/teams/api/get-teams';
import { DeletedTeams } from '../../features/teams/components/deleted-teams';
import { TeamsGrid } from '../../features/teams/components/teams-grid';
import { paths } from '../../config/paths';
import { createGate } from './create-gate';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageTitle } from '../../components/page-title';
import { LoadingBlock } from '../../components/loading-block';

// A trial's days left (issue 25): its own chunk, so the page's stays as it was.
const TrialNotice = lazy(() =>
  import('../../features/billing/components/trial-notice').then((m) => ({ default: m.TrialNotice })),
);

// The side panel (notifications, invites) is its own chunk, fetched beside the teams.
const MainSidePanel = lazy(() => import('./main-side-panel').then((m) => ({ default: m.MainSidePanel })));
/** The side panel's width beside the teams (the team sidebar's, RIGHT_SIDEBAR_WIDTH). */
const SIDE_PANEL_WIDTH = 300;
const panelLoading = <LoadingBlock label="Loading notifications and invites" height={240} />;

const JoinTeamDialog = lazyDialog(() =>
  import('../../features/teams/components/join-team-dialog').then((m) => m.JoinTeamDialog),
);

const CreateTeamDialog = lazyDialog(() =>
  import('../../features/teams/components/create-team-dialog').then((m) => m.CreateTeamDialog),
);

const InviteMembersDialog = lazyDialog(() =>
  import('../../features/invitations/components/invite-members-dialog').then((m) => m.InviteMembersDialog),
);

type Open = 'create' | 'join' | 'notice' | null;

/** `/` and `/engagements`: the user's teams, Create / Join Engagement and the side panel (spec §2). */
export function TeamsPage({ title, empty }: { title: string; empty: 'short' | 'long' }) {
  // The messages are read here, in the page's chunk, so the app's entry does not carry them all.
  const emptyText = empty === 'short' ? Messages.noTeamsShort : Messages.noTeams;
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const navigate = useNavigate();
  const home = useLocation().pathname === paths.home;
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const subscription = useSubscription();
  const teams = useTeams();
  // The invitation e-mail links existing accounts to /engagements?invitation_code=…
  const [params, setParams] = useSearchParams();
  const linkCode = params.get('invitation_code') ?? undefined;
  // /engagements?create=1 (the empty dashboard's Create Engagement) opens the create flow.
  const creating = params.get('create') === '1';
  const [open, setOpen] = useState<Open>(linkCode ? 'join' : null);
  // The team stays set while the invite dialog fades out.
  const [inviteTeam, setInviteTeam] = useState<TeamDto | null>(null);
  const [inviting, setInviting] = useState(false);
  const coach = isCoach(subscription.data);
  const gate = createGate(subscription.data, teams.data);
  const close = () => {
    setOpen(null);
    if (linkCode || creating) setParams({}, { replace: true });
  };
  const createOpens = gate.kind === 'form' ? 'create' : 'notice';
  const startCreate = () => setOpen(createOpens);
  // Asked for by the address, the flow opens once the plan and the teams (the gate) are known.
  const shown: Open = open ?? (creating && subscription.isFetched && teams.isFetched ? createOpens : null);

  return (
    <Box
      sx={{
        display: 'grid',
        // The panel as wide as a team's sidebar (300 px): at 1366 px two 350 px cards fit beside it.
        gridTemplateColumns: { xs: '1fr', md: `minmax(0, 1fr) ${SIDE_PANEL_WIDTH}px` },
        columnGap: 2,
        rowGap: 3,
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <PageBreadcrumbs items={home ? [{ label: 'Home' }] : [{ label: 'Home', to: paths.home }, { label: title }]} />
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 3 }}>
          <PageTitle sx={{ flexGrow: 1 }}>{title}</PageTitle>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, width: { xs: '100%', sm: 'auto' } }}>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={startCreate}>
              Create Engagement
            </Button>
            <Button variant="outlined" startIcon={<LoginOutlined />} onClick={() => setOpen('join')}>
              Join Engagement
            </Button>
          </Box>
        </Box>
        <Suspense fallback={null}>
          <TrialNotice />
        </Suspense>
        <TeamsGrid
          coach={coach}
          emptyText={emptyText}
          onInvite={(team) => {
            setInviteTeam(team);
            setInviting(true);
          }}
        />
        <DeletedTeams sx={{ mt: 3 }} />
      </Box>

      {desktop && (
        <Box sx={{ position: 'sticky', top: 88, height: 'calc(100vh - 112px)' }}>
          <Suspense fallback={panelLoading}>
            <MainSidePanel />
          </Suspense>
        </Box>
      )}
      <CreateTeamDialog
        open={shown === 'create'}
        onClose={close}
        onCreated={(team) => {
          close();
          void navigate(paths.team(team.id));
        }}
      />
      <JoinTeamDialog
        open={shown === 'join'}
        initialCode={linkCode}
        onClose={close}
        onJoined={(team) => {
          close();
          // Joining by code answers the invitation too: the INVITES list and its badge change.
          void queryClient.invalidateQueries({ queryKey: invitationKeys.pending() });
          enqueueSnackbar(Messages.acceptedInvitation(team.name), { variant: 'success' });
          void navigate(paths.engagements);
        }}
      />
      <NoticeDialog
        open={shown === 'notice'}
        message={gate.kind === 'notice' ? gate.message : ''}
        action={gate.kind === 'notice' ? gate.action : undefined}
        onClose={close}
      />
      {inviteTeam && (
        <InviteMembersDialog
          open={inviting}
          teamId={inviteTeam.id}
          teamName={inviteTeam.name}
          onClose={() => setInviting(false)}
        />
      )}
    </Box>
  );
}
