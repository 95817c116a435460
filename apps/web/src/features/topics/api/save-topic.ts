import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Endpoints, type TopicData } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { topicKeys } from './topic-keys';

/** POST user/team/{id}/topic: for today (published at once) or a later day; 201 with the topic and a message. */
export const createTopic = (teamId: number, body: TopicData) =>
  call(Endpoints.createTopic, { params: { id: teamId }, body });

/** PUT user/team/{id}/topic/{topicId}: new words (and, before it is published, another day). */
export const updateTopic = (teamId: number, topicId: number, body: TopicData) =>
  call(Endpoints.updateTopic, { params: { id: teamId, topicId }, body });

/**
 * Writes a topic (a new one, or `topicId`'s). Afterwards the team's topics are read again;
 * `onSaved` lets the page refresh what else shows the topic (the team card, the timeline).
 */
export function useSaveTopic(teamId: number, onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, body }: { topicId?: number | undefined; body: TopicData }) =>
      topicId === undefined ? createTopic(teamId, body) : updateTopic(teamId, topicId, body),
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: topicKeys.team(teamId) });
    },
  });
}
