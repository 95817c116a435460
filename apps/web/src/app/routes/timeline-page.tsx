import { Box, Stack } from '@mui/material';
import { useCallback, useMemo } from 'react';
import { PostType, PostMessages } from '@rally/contract';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { useMembers } from '../../features/members/api/get-members';
import { useTimeline } from '../../features/posts/api/get-feed';
import { CreateContentPanel } from '../../features/posts/components/create-content-panel';
import { FeedLayout } from '../../features/posts/components/feed-layout';
import { useBuzzes } from '../../features/engagement';
import { PostFeed } from '../../features/posts/components/post-feed';
import { postEngagement } from './engagement';
import { useCheckinBodies, useCheckinPostType } from './checkin-slots';
import { usePromptBodies, usePromptPostTypes } from './prompt-slots';
import { useLeadTeams } from './lead-teams';
import { useWorkspaceTeam } from './workspace-context';

/** The three feeds of a team (spec §2): all posts, celebrations only, bright ideas only. */
export const TEAM_FEEDS = {
  timeline: { title: 'Timeline', typeId: undefined, endText: PostMessages.timelineEnd },
  wallOfFame: { title: 'Wall of Fame', typeId: PostType.celebration, endText: PostMessages.wallOfFameEnd },
  brightIdeas: { title: 'Bright Ideas', typeId: PostType.brightidea, endText: PostMessages.brightIdeasEnd },
} as const;
export type TeamFeed = keyof typeof TEAM_FEEDS;

/** A team's timeline, wall of fame or bright ideas: the create-content panel, then the feed. */
export function TimelinePage({ feed: kind }: { feed: TeamFeed }) {
  const { team, viewer, openInvite } = useWorkspaceTeam();
  const members = useMembers(team.id);
  const { title, typeId, endText } = TEAM_FEEDS[kind];
  const feed = useTimeline(team.id, typeId);
  // The buzzes load beside the feed, so a card shows the viewer's reaction as it appears.
  useBuzzes();
  const leadTeams = useLeadTeams();
  const viewerFor = useCallback(() => viewer, [viewer]);
  const checkinBodies = useCheckinBodies();
  const promptBodies = usePromptBodies();
  const bodies = useMemo(() => ({ ...checkinBodies, ...promptBodies }), [checkinBodies, promptBodies]);
  const checkinType = useCheckinPostType(team);
  const promptTypes = usePromptPostTypes(team.id);
  const extraTypes = useMemo(() => new Map([...checkinType, ...promptTypes]), [checkinType, promptTypes]);

  return (
    <Box>
      <PageBreadcrumbs items={[{ label: team.name, to: paths.teamHome(team.id) }, { label: title }]} />
      <PageTitle sx={{ mb: 2 }}>{title}</PageTitle>
      <FeedLayout>
        <Stack spacing={2} useFlexGap>
          {/* A direct child of the feed's column, so the panel can stick while the feed scrolls. */}
          <CreateContentPanel
            teamId={team.id}
            role={team.role_id}
            typeFilter={typeId}
            members={members}
            onInviteMembers={openInvite}
            extraTypes={extraTypes}
          />
          <PostFeed
            engagement={postEngagement}
            feed={feed}
            viewerFor={viewerFor}
            leadTeams={leadTeams}
            endText={endText}
            label={title}
            bodies={bodies}
          />
        </Stack>
      </FeedLayout>
    </Box>
  );
}
