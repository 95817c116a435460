import { useState } from 'react';
import { Outlet } from 'react-router';
import { ACTION_BY_SYSTEM, Messages, type SubscriptionDto } from '@rally/contract';
import { NoticeDialog, type NoticeAction } from '../components/notice-dialog';
import { useSubscription } from '../features/billing/api/get-subscription';
import { useSession } from '../lib/session';
import { paths } from '../config/paths';
import { session as sessionStorage } from '../lib/web-storage';

export type NoticeKind = 'switched' | 'inactive' | 'trialEnds';

const activate: NoticeAction = { label: 'Activate', to: paths.paymentMethod('Coach') };
const subscribe: NoticeAction = { label: 'Add payment details', to: paths.paymentMethod('Coach') };

const NOTICES: Record<NoticeKind, { message: string; action: NoticeAction }> = {
  switched: { message: Messages.switchedToMember, action: { label: 'Subscribe', to: paths.paymentMethod('Coach') } },
  inactive: { message: Messages.subscriptionInactive, action: activate },
  trialEnds: { message: Messages.trialEndsTomorrow, action: subscribe },
};

/** Which app-load dialogs a subscription calls for (spec §4), most important first. */
export function noticesFor(s: SubscriptionDto): NoticeKind[] {
  const kinds: NoticeKind[] = [];
  if (s.action_performed_by === ACTION_BY_SYSTEM) kinds.push('switched');
  // The server's verdict (a trial past its end instant is inactive before the expiry job runs).
  if (!s.is_active) kinds.push('inactive');
  // A card on file already continues the plan past the trial: nothing to ask for.
  if (s.trail_will_end_tomorrow && !s.has_payment_method) kinds.push('trialEnds');
  return kinds;
}

/** Each dialog is shown once per browser session and user. */
const seenKey = (userId: number, kind: NoticeKind) => `rally.notice.${userId}.${kind}`;
const seen = (userId: number, kind: NoticeKind) => sessionStorage.getItem(seenKey(userId, kind)) === '1';

function Notices({ userId, subscription }: { userId: number; subscription: SubscriptionDto }) {
  const [, rerender] = useState(0);
  const next = noticesFor(subscription).find((k) => !seen(userId, k));
  if (!next) return null;
  const { message, action } = NOTICES[next];
  const dismiss = () => {
    sessionStorage.setItem(seenKey(userId, next), '1');
    rerender((n) => n + 1);
  };
  return <NoticeDialog key={next} open message={message} action={action} onClose={dismiss} />;
}

/** Fetches the subscription once signed in and shows its dialogs (spec §4); renders the private routes. */
export function SubscriptionNotices() {
  const session = useSession();
  const subscription = useSubscription();
  return (
    <>
      {session && subscription.data && <Notices userId={session.user.id} subscription={subscription.data} />}
      <Outlet />
    </>
  );
}
