import type { InvitationDto } from '@rally/contract';
import { fullName } from '../members/presenter.js';
import type { PendingInvitationRow } from './repository.js';

/** `teamAvatarUrl` turns stored picture keys (the team's, the invitor's) into signed URLs (`TeamsService.avatarUrl`). */
export const presentInvitation = (
  r: PendingInvitationRow,
  teamAvatarUrl: (key: string | null) => string | null,
): InvitationDto => ({
  id: r.id,
  invitation_code: r.code,
  invitor: {
    id: r.invitor_id,
    full_name: fullName({ first_name: r.invitor_first_name, last_name: r.invitor_last_name }),
    avatar: teamAvatarUrl(r.invitor_avatar),
  },
  team: { id: r.team_id, name: r.team_name, avatar: teamAvatarUrl(r.team_avatar) },
  created_at: r.created_at,
});
