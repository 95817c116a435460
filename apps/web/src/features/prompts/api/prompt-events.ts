import type { QueryClient } from '@tanstack/react-query';
import { PostType, type RealtimeEvent } from '@rally/contract';
import { promptKeys } from './keys';

const PROMPT_POST_TYPES: readonly number[] = [PostType.teamvideo, PostType.slideshow];

/**
 * A team's prompt was asked (its post created), changed (an answer came, was hidden or shown, it
 * was published) or one of its videos finished converting: its prompts and statistics are read
 * again, as what each viewer may see depends on who they are. The post itself is refreshed by the
 * posts feature.
 */
export function applyPromptEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  const asked = event.type === 'post.created' && PROMPT_POST_TYPES.includes(event.post.type_id);
  if (asked || event.type === 'prompt.changed' || event.type === 'media.ready')
    void queryClient.invalidateQueries({ queryKey: promptKeys.team(event.team_id) });
}

/** After a reconnect: every loaded prompt is read again. */
export const catchUpPrompts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: promptKeys.all });
