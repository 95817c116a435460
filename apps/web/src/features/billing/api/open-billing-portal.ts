import { useMutation } from '@tanstack/react-query';
import { Endpoints } from '@rally/contract';
import { call } from '../../../lib/api-client';
import { browser } from '../components/browser';

/** GET user/subscription/billing-portal: the browser then goes to data.url (spec §7). */
export const getBillingPortalUrl = async () => (await call(Endpoints.billingPortal)).data.url;

export const useOpenBillingPortal = () =>
  useMutation({ mutationFn: getBillingPortalUrl, onSuccess: (url) => browser.assign(url) });
