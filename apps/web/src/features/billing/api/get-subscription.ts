import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints, type SubscriptionDto } from '@rally/contract';
import { call } from '../../../lib/api-client';

export const billingKeys = { all: ['billing'] as const };

/** GET user/subscription: the signed-in user's plan and its status (spec §4). */
export const getSubscription = async () => (await call(Endpoints.userSubscription)).data;

const FRESH_MS = 5 * 60_000;
/** After a trial's end instant, the next read: a moment later (the server's clock may lag ours). */
const AFTER_END_MS = 1_000;
const RETRY_MS = 15_000;
/** The longest a timer may wait (2^31 - 1 ms, ~24.8 days): a longer trial sets it again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * When to read the subscription again because a running trial ends: its `is_active` is the
 * server's verdict at the time it was read, so it is read once more when the trial's end instant
 * has passed (while it still says active after that, every 15 s). False when no trial runs.
 */
export function untilTrialEnds(s: SubscriptionDto | undefined, now = Date.now()): number | false {
  if (!s?.is_active || s.stripe_status !== 'trialing' || s.has_payment_method || !s.trial_ends_at) return false;
  const left = Date.parse(s.trial_ends_at) - now;
  return left >= 0 ? Math.min(left + AFTER_END_MS, MAX_TIMER_MS) : RETRY_MS;
}

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: [...billingKeys.all, 'subscription'] as const,
    queryFn: getSubscription,
    staleTime: FRESH_MS,
    refetchInterval: (query) => untilTrialEnds(query.state.data),
    refetchIntervalInBackground: true,
  });

export const useSubscription = () => useQuery(subscriptionQuery());
