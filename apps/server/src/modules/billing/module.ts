import { defineModule } from '../../module.js';
import { BillingRepository } from './repository.js';
import { billingRoutes } from './routes.js';
import { BillingService } from './service.js';
import { createPaymentProvider, logPaymentMode } from './setup.js';
import { registerTrialExpiry } from './trial-job.js';

declare module '../../module.js' {
  interface Services {
    billing: BillingService;
  }
}

/** Plans, subscriptions, the Coach trial and its expiry job (ADR 0004, 0014). */
export const billingModule = defineModule({
  name: 'billing',
  setup({ services, db, config, log, queue }) {
    const provider = createPaymentProvider(config);
    logPaymentMode(provider, config, log);
    services.billing = new BillingService(
      db.kysely,
      new BillingRepository(db.kysely),
      config.TRIAL_DAYS,
      provider,
      config.PUBLIC_URL,
      log,
    );
    registerTrialExpiry(queue, services.billing, config.TRIAL_EXPIRY_EVERY_MS);
  },
  routes: (api, { services }) => billingRoutes(api, { billing: services.billing }),
});
