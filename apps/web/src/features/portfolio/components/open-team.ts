import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * A click anywhere on a team's row or card opens its timeline, as its name's link does; a click on
 * that link or another control is left to it.
 */
export function useOpenTeamOnClick() {
  const navigate = useNavigate();
  return (teamId: number) => (e: MouseEvent<HTMLElement>) => {
    const control = e.target instanceof Element ? e.target.closest('a, button, [tabindex]') : null;
    if (control && e.currentTarget.contains(control)) return;
    void navigate(paths.teamHome(teamId));
  };
}
