import { useMemo } from 'react';
import type { Viewer } from '@rally/contract';
import { useSession } from './session';

/**
 * The signed-in user in one team, as the contract's permission table asks about them (spec §6):
 * their id, their role in that team (`team.role_id`) and `coach`, which a page reads once for all
 * teams as `isCoach(subscription)`.
 */
export const teamViewer = (userId: number, role: number, coach: boolean): Viewer => ({ userId, role, coach });

/** `teamViewer` for the signed-in user (id 0 for a guest, who is in no team). */
export function useTeamViewer(role: number, coach: boolean): Viewer {
  const userId = useSession()?.user.id ?? 0;
  return useMemo(() => teamViewer(userId, role, coach), [userId, role, coach]);
}
