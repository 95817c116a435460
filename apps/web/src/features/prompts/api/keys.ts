/** The two kinds of prompt: a team video (post type 6) and a slideshow (post type 11). */
export type PromptKind = 'video' | 'slideshow';

/**
 * Query keys of the prompts feature. Everything of a team sits under `team(teamId)`, so a
 * `prompt.changed` event (an answer, a hidden answer, a publish) refreshes its prompt and its
 * statistics at once. A period's keys hold its time zone, as the check-in statistics' do.
 */
export const promptKeys = {
  all: ['prompts'] as const,
  team: (teamId: number) => ['prompts', teamId] as const,
  /** One team video or slideshow with its members and the answers the viewer may see. */
  one: (teamId: number, kind: PromptKind, promptId: number) => ['prompts', teamId, kind, 'one', promptId] as const,
  metrics: (teamId: number, kind: PromptKind, fromDate: string | undefined, tz: string | undefined) =>
    ['prompts', teamId, kind, 'metrics', fromDate ?? 'all', tz ?? 'UTC'] as const,
  list: (teamId: number, kind: PromptKind, fromDate: string | undefined, tz: string | undefined) =>
    ['prompts', teamId, kind, 'list', fromDate ?? 'all', tz ?? 'UTC'] as const,
  responses: (teamId: number, kind: PromptKind, promptId: number) =>
    ['prompts', teamId, kind, 'responses', promptId] as const,
};
