import type { Config } from '../../config.js';
import type { PaymentProvider } from './provider.js';
import { StripeProvider } from './stripe-provider.js';
import { TestModeProvider } from './test-provider.js';

/** Stripe when its keys are configured (config.ts requires all four together), else test mode. */
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
  return new TestModeProvider(config.PUBLIC_URL);
}
