import { WatercoolerScreen } from '../../features/watercooler/components/watercooler-screen';
import { useWorkspaceTeam } from './workspace-context';

/** `/engagements/{teamId}/watercooler` (spec §2): the team's watercooler. */
export function WatercoolerPage() {
  const { team } = useWorkspaceTeam();
  return <WatercoolerScreen key={team.id} teamId={team.id} membersCount={team.users_count} />;
}
