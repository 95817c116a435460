import { createContext, useContext } from 'react';
import type { TeamDto, Viewer } from '@rally/contract';

export interface WorkspaceTeam {
  team: TeamDto;
  /** The signed-in user in this team, for the permission table. */
  viewer: Viewer;
  openInvite: () => void;
}

export const WorkspaceContext = createContext<WorkspaceTeam | null>(null);

/** The team of the workspace a page is rendered in. */
export function useWorkspaceTeam(): WorkspaceTeam {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspaceTeam is used outside a team workspace.');
  return value;
}
