import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';

export const billingKeys = { all: ['billing'] as const };

/** GET user/subscription: the signed-in user's plan and its status (spec §4). */
export const getSubscription = async () => (await call(Endpoints.userSubscription)).data;

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: [...billingKeys.all, 'subscription'] as const,
    queryFn: getSubscription,
    staleTime: 5 * 60_000,
  });

export const useSubscription = () => useQuery(subscriptionQuery());
