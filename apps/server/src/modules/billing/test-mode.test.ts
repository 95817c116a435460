import { beforeAll, describe, expect, it } from 'vitest';
import { BillingMessages, Messages } from '@rally/contract';
import { buildTestApp, capturedLog, type LogLine, type TestApp, useTestApp } from '../../test/app.js';
import { buildUser, expectInvalid } from '../../test/factories.js';
import { BillingRepository } from './repository.js';
import { BillingService } from './service.js';
import { TestModeProvider } from './test-provider.js';
import {
  coachWithTeam,
  contentOf,
  endTrial,
  subscribe,
  subscribeBody,
  subscriptionOf,
  teamStatus,
} from '../../test/billing/billing-helpers.js';

/** No STRIPE_* keys: the built-in test-mode provider (decisions.md). */
const t = useTestApp();
let job: BillingService;
beforeAll(() => {
  job = new BillingService(
    t.db.kysely,
    new BillingRepository(t.db.kysely),
    14,
    new TestModeProvider('http://rally.test'),
  );
});

describe('test mode', () => {
  it('says so to the payment page, with no publishable key', async () => {
    const user = await buildUser(t);
    const res = await t.api('GET', 'user/subscription/payment-config', undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ provider: 'test', publishable_key: null });
  });

  it('a card during the trial keeps the trial, on the card provider (3), and the trial job leaves it', async () => {
    const user = await buildUser(t);
    const before = await subscriptionOf(t, user);
    const res = await subscribe(t, user, subscribeBody('4242 4242 4242 4242'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(BillingMessages.subscribed);
    expect(res.json().data).toMatchObject({
      name: 'Premium',
      stripe_status: 'trialing',
      trial_ends_at: before.trial_ends_at,
      subscription_service: 3,
      has_payment_method: true,
    });
    await job.expireTrials(new Date(Date.parse(before.trial_ends_at!) + 1000));
    // The trial ended with a card: the Coach plan goes on, active (test mode charges nothing).
    expect(await subscriptionOf(t, user)).toMatchObject({
      name: 'Premium',
      stripe_status: 'active',
      action_performed_by: null,
    });
  });

  it('a coach switched to Member pays with 4242… and their team, posts and members are back', async () => {
    const { coach, member, teamId } = await coachWithTeam(t, 'Paying Again', 'Keep me');
    const kept = await contentOf(t, teamId);

    await endTrial(t, coach);
    await job.expireTrials();
    expect(await subscriptionOf(t, coach)).toMatchObject({ name: 'Free', action_performed_by: 2 });
    expect(await teamStatus(t, member, teamId)).toBe('inactive');
    expect(await contentOf(t, teamId)).toEqual(kept);

    const res = await subscribe(t, coach, subscribeBody('4242424242424242'));
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json().data;
    expect(sub).toMatchObject({
      name: 'Premium',
      title: 'Coach',
      stripe_status: 'active',
      action_performed_by: null,
      subscription_service: 3,
      trial_ends_at: null,
    });
    expect(Date.parse(sub.next_invoice_at)).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);
    for (const viewer of [coach, member]) expect(await teamStatus(t, viewer, teamId)).toBe('active');
    expect(await contentOf(t, teamId)).toEqual(kept);
  });

  it.each([
    ['4000 0000 0000 0002', BillingMessages.cardDeclined],
    ['pm_card_chargeDeclined', BillingMessages.cardDeclined],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4111 1111 1111 1112', BillingMessages.cardNumberIncorrect],
  ])('card %s is refused with the provider message and nothing changes', async (card, message) => {
    const user = await buildUser(t);
    const before = await subscriptionOf(t, user);
    const res = await subscribe(t, user, subscribeBody(card));
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ message, code: 'card_error', errors: { payment_method: [message] } });
    expect(await subscriptionOf(t, user)).toEqual(before);
  });

  it("takes spec §7's payload, with no card holder name", async () => {
    const user = await buildUser(t);
    const res = await subscribe(t, user, { subscription_package_price_id: 1, payment_method: '4242424242424242' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Premium', subscription_service: 3, has_payment_method: true });
  });

  it('validates the form with the spec messages (§5)', async () => {
    const user = await buildUser(t);
    const card = '4242424242424242';
    expectInvalid(
      await subscribe(t, user, subscribeBody(card, { name: 'R2D2' })),
      'name',
      BillingMessages.cardHolderDigit,
    );
    expectInvalid(await subscribe(t, user, subscribeBody(card, { name: 'Al' })), 'name', BillingMessages.cardHolderMin);
    expectInvalid(
      await subscribe(t, user, subscribeBody(card, { name: '  ' })),
      'name',
      BillingMessages.cardHolderRequired,
    );
    expectInvalid(
      await subscribe(t, user, subscribeBody(card, { promo_code: 'FREE50' })),
      'promo_code',
      BillingMessages.promoNumeric,
    );
    expectInvalid(
      await subscribe(t, user, subscribeBody(card, { subscription_package_price_id: 99 })),
      'subscription_package_price_id',
      BillingMessages.priceUnknown,
    );
    expectInvalid(await subscribe(t, user, subscribeBody('')), 'payment_method', BillingMessages.paymentMethodRequired);
    // A numeric code the provider does not know.
    expectInvalid(
      await subscribe(t, user, subscribeBody(card, { promo_code: '2026' })),
      'promo_code',
      BillingMessages.promoInvalid,
    );
    expect((await subscriptionOf(t, user)).subscription_service).toBeNull();
  });

  it('the billing portal is for a live card subscription only; in test mode it is the card page', async () => {
    const user = await buildUser(t);
    const before = await t.api('GET', 'user/subscription/billing-portal', undefined, user.token);
    expect(before.statusCode, before.body).toBe(409);
    expect(before.json()).toMatchObject({ message: BillingMessages.noCardSubscription, code: 'no_card_subscription' });

    expect((await subscribe(t, user, subscribeBody('pm_card_visa'))).statusCode).toBe(200);
    const res = await t.api('GET', 'user/subscription/billing-portal', undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ url: 'http://rally.test/paymentMethod/Coach' });
  });

  it('a second card replaces the first on the same subscription', async () => {
    const user = await buildUser(t);
    await subscribe(t, user, subscribeBody('4242424242424242'));
    const first = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect((await subscribe(t, user, subscribeBody('5555555555554444'))).statusCode).toBe(200);
    const second = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(second.provider_subscription_id).toBe(first.provider_subscription_id);
    expect(second.provider_customer_id).toBe(first.provider_customer_id);
  });

  it('has no webhook: 404', async () => {
    const res = await t.api('POST', 'stripe/webhook', { id: 'evt_1' }, undefined, {
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe(BillingMessages.webhookDisabled);
  });

  it('guests are refused every billing call but the plans', async () => {
    for (const [method, url] of [
      ['GET', 'user/subscription/payment-config'],
      ['GET', 'user/subscription/billing-portal'],
      ['POST', 'subscription/subscribe'],
    ] as const) {
      const res = await t.api(method, url, method === 'POST' ? subscribeBody('4242424242424242') : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(Messages.unauthenticated);
    }
  });
});

describe('test mode at start-up, and turning it off (BILLING_TEST_MODE)', () => {
  /** An app of its own with a log to read; closed at the end. */
  async function withApp(env: Record<string, string>, check: (app: TestApp, log: LogLine[]) => Promise<void>) {
    const log = capturedLog();
    const app = await buildTestApp({ LOG_LEVEL: 'info', ...env }, { logStream: log.stream });
    try {
      await check(app, log.lines);
    } finally {
      await app.close();
    }
  }
  const testModeLines = (lines: LogLine[]) => lines.filter((l) => /TEST MODE/.test(l.msg));

  it('says loudly that no card is charged: a warning, and an error-level banner in production', async () => {
    await withApp({}, async (_app, lines) => {
      expect(testModeLines(lines)).toEqual([
        expect.objectContaining({ level: 40, msg: 'Payments are in TEST MODE: no card is charged' }),
      ]);
    });
    await withApp({ NODE_ENV: 'production' }, async (_app, lines) => {
      const [banner, ...more] = testModeLines(lines);
      expect(more).toEqual([]);
      expect(banner).toMatchObject({ level: 50, fix: expect.stringContaining('BILLING_TEST_MODE=false') });
      expect(banner!.msg).toContain('PAYMENTS ARE IN TEST MODE IN PRODUCTION: no card is charged');
    });
  });

  it('false: no fake provider; the payment page is told payments are off and subscribing answers 503', async () => {
    await withApp({ BILLING_TEST_MODE: 'false' }, async (app, lines) => {
      expect(testModeLines(lines)).toEqual([]);
      const user = await buildUser(app);
      const config = await app.api('GET', 'user/subscription/payment-config', undefined, user.token);
      expect(config.json().data).toEqual({ provider: 'off', publishable_key: null });
      const res = await subscribe(app, user, subscribeBody('4242 4242 4242 4242'));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toBe(BillingMessages.paymentsOff);
      // Nothing was recorded: still the trial every account starts with.
      expect(await subscriptionOf(app, user)).toMatchObject({ stripe_status: 'trialing', subscription_service: null });
    });
  });
});
