import { Box, Button, Stack, Typography } from '@mui/material';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { can, inviteOffered, isCoach } from '@rally/contract';
import { useSubscription } from '../../features/billing/api/get-subscription';
import { teamKeys, useTeam } from '../../features/teams/api/get-teams';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { teamViewer } from '../../lib/viewer';
import { AppLayout } from '../layout/app-layout';
import { teamNavItems } from '../layout/nav-items';
import { paths } from '../../config/paths';
import { WorkspaceContext } from './workspace-context';
import { lazyDialog } from '../../components/lazy-dialog';
import { LoadingBlock } from '../../components/loading-block';

const TeamSidebarPanels = lazy(() => import('./team-sidebar-panels'));

const InviteMembersDialog = lazyDialog(() =>
  import('../../features/invitations/components/invite-members-dialog').then((m) => m.InviteMembersDialog),
);

/** The team's right sidebar (spec §2): Invite Members for the owner, then the panels. */
function TeamSidebar({
  teamName,
  onInvite,
  children,
}: {
  teamName: string;
  onInvite?: () => void;
  children?: ReactNode;
}) {
  return (
    <Stack spacing={1.5} sx={{ p: 2 }}>
      <Typography variant="subtitle2" color="text.secondary" noWrap title={teamName}>
        {teamName}
      </Typography>
      {onInvite && (
        <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={onInvite}>
          Invite Members
        </Button>
      )}
      {children}
    </Stack>
  );
}

function Workspace({ teamId }: { teamId: number }) {
  const team = useTeam(teamId);
  const subscription = useSubscription();
  const userId = useSession()?.user.id ?? 0;
  const [inviting, setInviting] = useState(false);
  const queryClient = useQueryClient();
  const coach = isCoach(subscription.data);
  const items = useMemo(() => teamNavItems(teamId), [teamId]);
  const context = useMemo(() => {
    if (!team.data) return null;
    const viewer = teamViewer(userId, team.data.role_id, coach);
    // Pages offer Invite Members (the tag-member field) only where the permission table allows it.
    return { team: team.data, viewer, openInvite: inviteOffered('tag', viewer) ? () => setInviting(true) : undefined };
  }, [team.data, userId, coach]);

  // Spec §2: a team the user is not in (an empty answer) sends them home.
  if (team.data === null || (team.error instanceof ApiError && team.error.status >= 400 && team.error.status < 500))
    return <Navigate to={paths.home} replace />;
  if (!context)
    return (
      <AppLayout
        items={items}
        content={
          team.isError ? (
            <Box role="alert">{team.error.message}</Box>
          ) : (
            <LoadingBlock label="Loading engagement" height={320} />
          )
        }
      />
    );

  const { team: data, viewer } = context;
  // The sidebar's place: role 2 only (spec §6), and only with the Coach plan.
  const invite = inviteOffered('sidebar', viewer);
  const stats = can('stats.view', viewer);
  const drawerExtra = invite && (
    <Box sx={{ px: 2, py: 1 }}>
      <Button fullWidth variant="outlined" startIcon={<PersonAddAlt1Outlined />} onClick={() => setInviting(true)}>
        Invite Members
      </Button>
    </Box>
  );

  return (
    <WorkspaceContext.Provider value={context}>
      <AppLayout
        items={items}
        teamName={data.name}
        drawerExtra={drawerExtra}
        rightSidebar={
          // Every member has the sidebar: the Inspiration card is for everyone.
          <TeamSidebar teamName={data.name} onInvite={invite ? () => setInviting(true) : undefined}>
            <Suspense fallback={<LoadingBlock label="Loading panels" height={160} />}>
              <TeamSidebarPanels teamId={data.id} teamName={data.name} stats={stats} />
            </Suspense>
          </TeamSidebar>
        }
      />
      <InviteMembersDialog
        open={inviting}
        teamId={data.id}
        teamName={data.name}
        onClose={() => {
          setInviting(false);
          // Invitations sent tick the owner's first step (ADR 0032).
          void queryClient.invalidateQueries({ queryKey: teamKeys.profile(data.id) });
        }}
      />
    </WorkspaceContext.Provider>
  );
}

/** `/engagements/:teamId` (and `/teams/:teamId`): loads the team by id and frames its pages (spec §2). */
export function TeamWorkspace() {
  const { teamId } = useParams();
  const id = Number(teamId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.home} replace />;
  return <Workspace key={id} teamId={id} />;
}

/** The bare team path opens the team's first page. */
export function TeamIndexRedirect() {
  const { teamId = '' } = useParams();
  return <Navigate to={paths.teamHome(teamId)} replace />;
}
