import { TeamInspiration } from './team-inspiration';
import { TeamStatsPanel } from './team-stats-panel';

/**
 * The panels of the team's right sidebar: the Inspiration card for everyone, check-in and team
 * statistics for roles 2 and 3. A chunk of its own, so a team page's first paint waits for none
 * of their forms, pickers and meters.
 */
export default function TeamSidebarPanels({
  teamId,
  teamName,
  stats,
}: {
  teamId: number;
  teamName: string;
  stats: boolean;
}) {
  return (
    <>
      <TeamInspiration />
      {stats && <TeamStatsPanel teamId={teamId} teamName={teamName} />}
    </>
  );
}
