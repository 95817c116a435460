import { Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { useMembers } from '../../features/members/api/get-members';
import { MembersGrid } from '../../features/members/components/members-grid';
import { TeamPushSwitch } from '../../features/notifications/components/team-push-switch';
import { teamKeys } from '../../features/teams/api/get-teams';
import { TeamOptions } from '../../features/teams/components/team-options';
import { paths } from '../../config/paths';
import { useWorkspaceTeam } from './workspace-context';
import { PageTitle } from '../../components/page-title';

/** 'Engagement Information' (spec §2): Members (count) and Engagement Options. */
export function TeamInfoPage() {
  const { team, viewer } = useWorkspaceTeam();
  const members = useMembers(team.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState(0);
  const count = members.data?.length ?? team.users_count;

  /** After leaving or deleting the team: its queries go stale (not refetched here, they would 404). */
  const leaveWorkspace = () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.all, refetchType: 'none' });
    void navigate(paths.engagements, { replace: true });
  };

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageBreadcrumbs
        items={[{ label: team.name, to: paths.teamHome(team.id) }, { label: 'Engagement Information' }]}
      />
      <PageTitle sx={{ mb: 2 }}>Engagement Information</PageTitle>
      <Card>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label="Engagement Information" sx={{ px: 1 }}>
          <Tab label={`Members (${count})`} id="info-tab-0" aria-controls="info-panel-0" />
          <Tab label="Engagement Options" id="info-tab-1" aria-controls="info-panel-1" />
        </Tabs>
        <CardContent
          role="tabpanel"
          id={`info-panel-${tab}`}
          aria-labelledby={`info-tab-${tab}`}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        >
          {tab === 0 ? (
            <MembersGrid
              teamId={team.id}
              viewer={{ id: viewer.userId, role: viewer.role }}
              onChanged={() => void queryClient.invalidateQueries({ queryKey: teamKeys.all })}
              onLeft={leaveWorkspace}
            />
          ) : (
            <TeamOptions teamId={team.id} viewer={viewer} onDeleted={leaveWorkspace}>
              <TeamPushSwitch teamId={team.id} />
            </TeamOptions>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
