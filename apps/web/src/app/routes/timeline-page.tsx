import { Box, Button, Stack } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { PostType, PostMessages, Role, type TeamDto } from '@rally/contract';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import { useMembers } from '../../features/members/api/get-members';
import { feedPosts, useTimeline } from '../../features/posts/api/get-feed';
import { CreateContentPanel } from '../../features/posts/components/create-content-panel';
import { FeedLayout } from '../../features/posts/components/feed-layout';
import { useBuzzes } from '../../features/engagement';
import { POST_MAX_WIDTH } from '../../features/posts/components/post-card';
import { PostFeed } from '../../features/posts/components/post-feed';
import { postEngagement } from './engagement';
import { useCheckinBodies, useCheckinPostType } from './checkin-slots';
import { usePromptBodies, usePromptPostTypes } from './prompt-slots';
import { useLeadTeams } from './lead-teams';
import { useWorkspaceTeam } from './workspace-context';
import { teamProfileQuery } from '../../features/teams/api/get-teams';
import { firstStepsDismissed } from './first-steps-dismissed';
import { FirstStepsCard } from './first-steps-card';

/** How long an engagement is new: its owner is shown the first steps until then (ADR 0032). */
export const FIRST_STEPS_DAYS = 30;

const showsFirstSteps = (team: TeamDto, userId: number, now = Date.now()) =>
  team.role_id === Role.Owner &&
  now - Date.parse(team.created_at) < FIRST_STEPS_DAYS * 24 * 60 * 60 * 1000 &&
  !firstStepsDismissed(userId, team.id);

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
  // What the empty feed's and the first steps' buttons open the create panel on; a request is
  // for the feed it was made on (the page stays mounted from one feed to the next).
  const [compose, setCompose] = useState<{ type: number; feed: TeamFeed } | null>(null);
  const openRequest = compose?.feed === kind ? compose : null;
  const post = useCallback(() => setCompose({ type: typeId ?? PostType.text, feed: kind }), [typeId, kind]);
  const firstSteps = kind === 'timeline' && showsFirstSteps(team, viewer.userId);
  // The first steps come from the team's profile (an early read of index.html, ADR 0035); the
  // feed shows its loading state until that answer is in, so the card does not push the posts
  // down once they are on screen.
  const profile = useQuery({ ...teamProfileQuery(team.id), enabled: firstSteps });

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
            openRequest={openRequest}
          />
          {firstSteps && (
            <FirstStepsCard
              teamId={team.id}
              userId={viewer.userId}
              membersCount={Math.max(members.data?.length ?? 0, team.users_count)}
              posts={feed.data ? feedPosts(feed.data) : []}
              onInvite={openInvite}
              onPost={() => setCompose({ type: PostType.text, feed: kind })}
              onCheckin={() => setCompose({ type: PostType.checkin, feed: kind })}
              maxWidth={POST_MAX_WIDTH}
            />
          )}
          <PostFeed
            engagement={postEngagement}
            feed={feed}
            hold={firstSteps && profile.isPending}
            viewerFor={viewerFor}
            leadTeams={leadTeams}
            endText={endText}
            emptyAction={
              <>
                <Button variant="contained" startIcon={<EditOutlined />} onClick={post}>
                  Write a post
                </Button>
                {openInvite && (
                  <Button variant="outlined" onClick={openInvite}>
                    Invite Members
                  </Button>
                )}
              </>
            }
            label={title}
            bodies={bodies}
          />
        </Stack>
      </FeedLayout>
    </Box>
  );
}
