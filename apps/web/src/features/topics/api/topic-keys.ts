/** Query keys of the Inspiration topic: everything of one team under `team(teamId)`. */
export const topicKeys = {
  all: ['topics'] as const,
  team: (teamId: number) => [...topicKeys.all, teamId] as const,
  ofDay: (teamId: number) => [...topicKeys.team(teamId), 'of-day'] as const,
  scheduled: (teamId: number) => [...topicKeys.team(teamId), 'scheduled'] as const,
};
