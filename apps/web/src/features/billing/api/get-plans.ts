import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { billingKeys } from './get-subscription';

/** GET subscription-packages: the Member and Coach plans with their prices. */
export const getPlans = async () => (await call(Endpoints.subscriptionPackages)).data;

export const plansQuery = () =>
  queryOptions({ queryKey: [...billingKeys.all, 'plans'] as const, queryFn: getPlans, staleTime: 60 * 60_000 });

export const usePlans = () => useQuery(plansQuery());
