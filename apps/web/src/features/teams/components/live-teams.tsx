import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Messages } from '@rally/contract';
import { paths } from '../../../config/paths';
import { useTeamEvents } from '../../../lib/realtime';
import { useSnackbar } from '../../../lib/snackbar';
import { teamKeys } from '../api/get-teams';

/** Whether `pathname` is one of the team's screens (/engagements/12/…, /teams/12/…). */
export const isTeamPath = (pathname: string, teamId: number): boolean =>
  [paths.team(teamId), `/teams/${teamId}`].some((base) => pathname === base || pathname.startsWith(`${base}/`));

/**
 * An engagement deleted or restored by its owner, live (ADR 0019): every teams list refetches, and
 * a member looking at the deleted one is taken to the engagements page and told why.
 */
export function LiveTeams(): null {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  useTeamEvents((event) => {
    if (event.type !== 'team.deleted' && event.type !== 'team.restored') return;
    const inside = event.type === 'team.deleted' && isTeamPath(pathname, event.deleted_team_id);
    // Not refetched while its screens are still mounted: they would only answer 404.
    void queryClient.invalidateQueries({ queryKey: teamKeys.all, refetchType: inside ? 'none' : 'active' });
    if (inside) {
      enqueueSnackbar(Messages.teamGone, { variant: 'info' });
      void navigate(paths.engagements, { replace: true });
    }
  });
  return null;
}
