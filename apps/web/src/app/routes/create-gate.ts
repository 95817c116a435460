import { Messages, isCoach, ownsPersonalTeam, verdict, type SubscriptionDto, type TeamDto } from '@rally/contract';
import type { NoticeAction } from '../../components/notice-dialog';
import { paths } from '../../config/paths';

export type CreateGate = { kind: 'form' } | { kind: 'notice'; message: string; action: NoticeAction };

/**
 * What Create Engagement opens: the form when the permission table's `team.create` allows it (a
 * Coach, or anyone without a personal team yet; spec §1, §6), else a dialog to subscribe or
 * reactivate — the server asks the same row.
 */
export function createGate(
  subscription: SubscriptionDto | null | undefined,
  teams: TeamDto[] | undefined,
  userId = 0,
): CreateGate {
  const viewer = { userId, coach: isCoach(subscription) };
  if (verdict('team.create', viewer, { owns_personal_team: ownsPersonalTeam(teams ?? []) }) === 'allow')
    return { kind: 'form' };
  if (subscription?.name === 'Premium')
    return {
      kind: 'notice',
      message: Messages.subscriptionInactive,
      action: { label: 'Activate', to: paths.paymentMethod('Coach') },
    };
  return {
    kind: 'notice',
    message: Messages.needCoachPlan,
    action: { label: 'Subscribe', to: paths.paymentMethod('Coach') },
  };
}
