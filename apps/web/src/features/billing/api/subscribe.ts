import { useMutation } from '@tanstack/react-query';
import { Endpoints, type SubscribeInput } from '@rally/contract';
import { call } from '../../../lib/api-client';

/** POST subscription/subscribe (spec §7): the Coach price and the provider's payment method. */
export const subscribe = async (body: SubscribeInput) => call(Endpoints.subscribe, { body });

/** After success the page reloads (spec §4), so every screen reads the new plan from the server. */
export const useSubscribe = (onPaid: (message: string | undefined) => void) =>
  useMutation({ mutationFn: subscribe, onSuccess: (res) => onPaid(res.message) });
