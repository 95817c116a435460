import { Messages, Role, can, type MemberDto } from '@rally/contract';
import { teamViewer } from '../../../lib/viewer';

export type MemberActionKind = 'makeAdmin' | 'removeAdmin' | 'remove';

export interface MemberAction {
  kind: MemberActionKind;
  label: string;
  /** The confirm dialog's question. */
  confirm: string;
}

/**
 * The action menu of a member card: each action exactly when the contract's permission table
 * allows it (spec §6). So none on the Super Admin's card; leads change roles and remove others;
 * anyone else has only Remove on their own card, where it means leave.
 */
export function memberActions(viewer: { id: number; role: number }, target: MemberDto): MemberAction[] {
  // The member rules do not look at the plan.
  const asked = teamViewer(viewer.id, viewer.role, false);
  const name = target.full_name;
  const actions: MemberAction[] = [];
  if (can('member.changeRole', asked, target)) {
    if (target.role_id === Role.Member)
      actions.push({ kind: 'makeAdmin', label: 'Make Admin', confirm: Messages.makeAdminConfirm(name) });
    if (target.role_id === Role.Admin)
      actions.push({ kind: 'removeAdmin', label: 'Remove From Admin', confirm: Messages.removeAdminConfirm(name) });
  }
  if (can('member.remove', asked, target))
    actions.push({ kind: 'remove', label: 'Remove from Team', confirm: Messages.removeMemberConfirm(name) });
  return actions;
}
