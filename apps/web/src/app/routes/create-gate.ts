import { Messages, Role, isCoach, type SubscriptionDto, type TeamDto } from '@rally/contract';
import type { NoticeAction } from '../../components/notice-dialog';
import { paths } from '../../config/paths';

export type CreateGate = { kind: 'form' } | { kind: 'notice'; message: string; action: NoticeAction };

/**
 * What Create Engagement opens (spec §1, §6): the form for a Coach, or for anyone without a
 * personal team yet (the free plan allows one); otherwise a dialog to subscribe or reactivate.
 */
export function createGate(subscription: SubscriptionDto | null | undefined, teams: TeamDto[] | undefined): CreateGate {
  if (isCoach(subscription)) return { kind: 'form' };
  const ownsPersonalTeam = (teams ?? []).some((t) => t.is_personal && t.role_id === Role.Owner);
  if (!ownsPersonalTeam) return { kind: 'form' };
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
