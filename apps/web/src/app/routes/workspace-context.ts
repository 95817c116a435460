import { createContext, useContext } from 'react';
import type { TeamDto, Viewer } from '@rally/contract';

export interface WorkspaceTeam {
  team: TeamDto;
  /** The signed-in user in this team, for the permission table. */
  viewer: Viewer;
  /** Opens Invite Members; absent where the permission table does not offer it (`inviteOffered('tag')`). */
  openInvite?: (() => void) | undefined;
}

export const WorkspaceContext = createContext<WorkspaceTeam | null>(null);

/** The team of the workspace a page is rendered in. */
export function useWorkspaceTeam(): WorkspaceTeam {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspaceTeam is used outside a team workspace.');
  return value;
}
