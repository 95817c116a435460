import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { can } from '@rally/contract';
import { postKeys } from '../../features/posts/api/post-cache';
import { teamKeys } from '../../features/teams/api/get-teams';
import { InspirationCard } from '../../features/topics/components/inspiration-card';
import { useWorkspaceTeam } from './workspace-context';

/**
 * The Inspiration card of the team's sidebar, for every member. A saved topic also changes the
 * team card's `latest_topic` and the timeline's topic post, so those are read again.
 */
export function TeamInspiration() {
  const { team, viewer } = useWorkspaceTeam();
  const queryClient = useQueryClient();
  const onSaved = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    void queryClient.invalidateQueries({ queryKey: postKeys.teamTimelines(team.id) });
  }, [queryClient, team.id]);
  return (
    <InspirationCard
      teamId={team.id}
      canEdit={can('topic.edit', viewer)}
      hasHistory={team.latest_topic !== null}
      onSaved={onSaved}
    />
  );
}
