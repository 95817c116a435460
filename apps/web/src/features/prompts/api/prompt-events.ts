import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@rally/contract';
import { promptKeys } from './keys';

/**
 * A team's prompt changed (an answer came, was hidden or shown, it was published) or one of its
 * videos finished converting: its prompts and statistics are read again, as what each viewer may
 * see depends on who they are. The post itself is refreshed by the posts feature.
 */
export function applyPromptEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'prompt.changed' || event.type === 'media.ready')
    void queryClient.invalidateQueries({ queryKey: promptKeys.team(event.team_id) });
}

/** After a reconnect: every loaded prompt is read again. */
export const catchUpPrompts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: promptKeys.all });
