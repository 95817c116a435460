import type { FastifyBaseLogger } from 'fastify';
import { BillingMessages } from '@rally/contract';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { PaymentProvider } from './provider.js';
import { StripeProvider } from './stripe-provider.js';
import { TestModeProvider } from './test-provider.js';

/** 503 for every paying call: this server takes no payment. */
const paymentsOff = () => new AppError(503, 'payments_off', BillingMessages.paymentsOff);

/** No provider at all (BILLING_TEST_MODE=false without Stripe): paying is refused, never faked. */
export class PaymentsOffProvider implements PaymentProvider {
  readonly kind = 'off' as const;
  readonly publishableKey = null;
  subscribe(): Promise<never> {
    return Promise.reject(paymentsOff());
  }
  fetchSubscription(): Promise<never> {
    return Promise.reject(paymentsOff());
  }
  portalUrl(): Promise<never> {
    return Promise.reject(paymentsOff());
  }
  verifyWebhook(): null {
    return null;
  }
}

/**
 * Stripe when its keys are configured (config.ts requires all four together); else the test mode,
 * unless the operator turned it off (BILLING_TEST_MODE=false): then no payment is taken at all.
 */
export function createPaymentProvider(config: Config): PaymentProvider {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID } = config;
  if (STRIPE_SECRET_KEY && STRIPE_PUBLISHABLE_KEY && STRIPE_WEBHOOK_SECRET && STRIPE_PRICE_ID)
    return new StripeProvider({
      secretKey: STRIPE_SECRET_KEY,
      publishableKey: STRIPE_PUBLISHABLE_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      priceId: STRIPE_PRICE_ID,
      apiUrl: config.STRIPE_API_URL,
    });
  return config.BILLING_TEST_MODE ? new TestModeProvider(config.PUBLIC_URL) : new PaymentsOffProvider();
}

/**
 * Says at start-up how payments run. Test mode is loud: a warning, and in production
 * (NODE_ENV=production) an error-level banner, since a real customer's "payment" there is fake.
 */
export function logPaymentMode(provider: PaymentProvider, config: Config, log: FastifyBaseLogger): void {
  const how = 'set the STRIPE_* keys to take real payments, or BILLING_TEST_MODE=false to turn paying off';
  if (provider.kind === 'test' && config.NODE_ENV === 'production')
    log.error(
      { billing: 'test', fix: how },
      '!!! PAYMENTS ARE IN TEST MODE IN PRODUCTION: no card is charged, and any test card "pays" for the Coach plan !!!',
    );
  else if (provider.kind === 'test')
    log.warn({ billing: 'test', fix: how }, 'Payments are in TEST MODE: no card is charged');
  else if (provider.kind === 'off')
    log.info({ billing: 'off' }, 'Payments are off (BILLING_TEST_MODE=false, no Stripe keys): subscribing answers 503');
  else log.info({ billing: 'stripe' }, 'Payments through Stripe');
}
