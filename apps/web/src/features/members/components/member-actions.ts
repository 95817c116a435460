import { Messages, Role, type MemberDto } from '@rally/contract';
import { leadsTeam } from '../../../lib/team-permissions';

export type MemberActionKind = 'makeAdmin' | 'removeAdmin' | 'remove';

export interface MemberAction {
  kind: MemberActionKind;
  label: string;
  /** The confirm dialog's question. */
  confirm: string;
}

/**
 * The action menu of a member card (spec §6): none on the Super Admin's card; otherwise only when
 * the viewer is not a plain member, or it is the viewer's own card (where Remove means leave).
 */
export function memberActions(viewer: { id: number; role: number }, target: MemberDto): MemberAction[] {
  if (target.role_id === Role.Owner) return [];
  const own = target.id === viewer.id;
  if (viewer.role === Role.Member && !own) return [];
  const lead = leadsTeam(viewer.role);
  const name = target.full_name;
  const actions: MemberAction[] = [];
  if (lead && target.role_id === Role.Member)
    actions.push({ kind: 'makeAdmin', label: 'Make Admin', confirm: Messages.makeAdminConfirm(name) });
  if (lead && target.role_id === Role.Admin)
    actions.push({ kind: 'removeAdmin', label: 'Remove From Admin', confirm: Messages.removeAdminConfirm(name) });
  if (lead || own)
    actions.push({ kind: 'remove', label: 'Remove from Team', confirm: Messages.removeMemberConfirm(name) });
  return actions;
}
