import { queryOptions, useQuery } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { billingKeys } from './get-subscription';

/** GET user/subscription/payment-config: Stripe (with its publishable key) or test mode. */
export const getPaymentConfig = async () => (await call(Endpoints.paymentConfig)).data;

export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: [...billingKeys.all, 'payment-config'] as const,
    queryFn: getPaymentConfig,
    staleTime: Infinity,
  });

export const usePaymentConfig = () => useQuery(paymentConfigQuery());
