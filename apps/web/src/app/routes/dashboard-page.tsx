import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useCallback, useMemo } from 'react';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { paths } from '../../config/paths';
import { Role, isCoach, type Viewer, PostMessages } from '@rally/contract';
import { useSubscription } from '../../features/billing/api/get-subscription';
import { useDashboard } from '../../features/posts/api/get-feed';
import { FeedLayout } from '../../features/posts/components/feed-layout';
import { POST_MAX_WIDTH } from '../../features/posts/components/post-card';
import { useBuzzes } from '../../features/engagement';
import { PostFeed } from '../../features/posts/components/post-feed';
import { postEngagement } from './engagement';
import { useTeams } from '../../features/teams/api/get-teams';
import { useSession } from '../../lib/session';
import { teamViewer } from '../../lib/viewer';
import { useLeadTeams } from './lead-teams';
import { usePromptBodies } from './prompt-slots';
import { PageTitle } from '../../components/page-title';

/** /dashboard: the posts of all the user's teams, each card with the user's role in its team (spec §2). */
export function DashboardPage() {
  const feed = useDashboard();
  // The buzzes load beside the feed, so a card shows the viewer's reaction as it appears.
  useBuzzes();
  const teams = useTeams();
  const subscription = useSubscription();
  const userId = useSession()?.user.id ?? 0;
  const coach = isCoach(subscription.data);
  const leadTeams = useLeadTeams();
  const bodies = usePromptBodies();

  // One viewer object per team, so a card re-renders only when its own data changes.
  const viewers = useMemo(() => {
    const byTeam = new Map<number, Viewer>();
    for (const team of teams.data ?? []) byTeam.set(team.id, teamViewer(userId, team.role_id, coach));
    return byTeam;
  }, [teams.data, userId, coach]);
  const member = useMemo(() => teamViewer(userId, Role.Member, coach), [userId, coach]);
  const viewerFor = useCallback((teamId: number) => viewers.get(teamId) ?? member, [viewers, member]);

  return (
    <Box>
      <FeedLayout>
        <Box sx={{ maxWidth: POST_MAX_WIDTH, mx: 'auto', width: '100%' }}>
          <PageBreadcrumbs items={[{ label: 'Home', to: paths.home }, { label: 'Dashboard' }]} />
          <PageTitle sx={{ mb: 2 }}>Dashboard</PageTitle>
        </Box>
        <PostFeed
          engagement={postEngagement}
          feed={feed}
          viewerFor={viewerFor}
          leadTeams={leadTeams}
          emptyText={PostMessages.dashboardEmpty}
          emptyAction={
            // The create flow of /engagements, opened there (issue 25; teams-page reads `create`).
            <Button component={RouterLink} to={`${paths.engagements}?create=1`} variant="contained">
              Create Engagement
            </Button>
          }
          endText={PostMessages.dashboardEnd}
          label="Dashboard"
          bodies={bodies}
        />
      </FeedLayout>
    </Box>
  );
}
