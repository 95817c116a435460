import { local } from '../../lib/web-storage';

const dismissedKey = (userId: number, teamId: number) => `rally.firstSteps.${userId}.${teamId}`;

/** Whether the owner closed the team's first steps (kept in this browser, per user and team). */
export const firstStepsDismissed = (userId: number, teamId: number) =>
  local.getItem(dismissedKey(userId, teamId)) === '1';

export const dismissFirstSteps = (userId: number, teamId: number) => local.setItem(dismissedKey(userId, teamId), '1');
