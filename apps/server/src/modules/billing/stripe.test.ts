import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { BillingMessages } from '@rally/contract';
import { transact } from '../../events/log.js';
import { useTestApp } from '../../test/app.js';
import { buildUser, type SignedUpUser } from '../../test/factories.js';
import { BillingRepository } from './repository.js';
import { BillingService } from './service.js';
import {
  coachWithTeam,
  contentOf,
  endTrial,
  subscribe,
  subscribeBody,
  subscriptionOf,
  teamStatus,
} from '../../test/billing/billing-helpers.js';
import { startStripeDouble, type DoubleSubscription } from '../../test/billing/stripe-double.js';

/** Stripe configured, its API answered by a local double through the package's host/port settings. */
const stripe = await startStripeDouble();
afterAll(() => stripe.close());
const t = useTestApp({
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_PRICE_ID: stripe.priceId,
  STRIPE_API_URL: stripe.url,
});

beforeEach(() => {
  stripe.requests.length = 0;
});

const deliver = (body: string, signature?: string) =>
  t.api('POST', 'stripe/webhook', undefined, undefined, {
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });

/** Sends a signed event about `sub` (as it is now at the double) and expects it accepted. */
async function event(type: string, object: Record<string, unknown>) {
  const e = stripe.signedEvent(type, structuredClone(object));
  const res = await deliver(e.body, e.signature);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toEqual({ received: true });
  return e;
}

const invoiceOf = (sub: DoubleSubscription) => ({
  id: sub.latest_invoice,
  object: 'invoice',
  parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
});

/** A coach with a team (a member and a post in it) who subscribed with a card. */
async function payingCoach(): Promise<{
  coach: SignedUpUser;
  member: SignedUpUser;
  teamId: number;
  sub: DoubleSubscription;
}> {
  const { coach, member, teamId } = await coachWithTeam(t, 'Stripe Team', 'Still here');
  const res = await subscribe(t, coach, subscribeBody('pm_card_visa'));
  expect(res.statusCode, res.body).toBe(200);
  const row = await new BillingRepository(t.db.kysely).findByUser(coach.id);
  return { coach, member, teamId, sub: stripe.subscriptions.get(row!.provider_subscription_id!)! };
}

describe('subscribing through Stripe', () => {
  it('tells the payment page to use Stripe with the publishable key', async () => {
    const user = await buildUser(t);
    const res = await t.api('GET', 'user/subscription/payment-config', undefined, user.token);
    expect(res.json().data).toEqual({ provider: 'stripe', publishable_key: stripe.publishableKey });
  });

  it('during the trial: customer, card, and a subscription on the Coach price that keeps the trial end', async () => {
    const user = await buildUser(t);
    const trialEnd = (await subscriptionOf(t, user)).trial_ends_at!;
    const res = await subscribe(t, user, subscribeBody('pm_card_visa', { name: 'Grace Hopper' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      stripe_status: 'trialing',
      subscription_service: 3,
      has_payment_method: true,
    });

    const calls = stripe.requests.map((r) => `${r.method} ${r.path.replace(/(cus|sub)_\w+/, ':id')}`);
    expect(calls).toEqual([
      'POST /v1/customers',
      'POST /v1/payment_methods/pm_card_visa/attach',
      'POST /v1/customers/:id',
      'POST /v1/subscriptions',
    ]);
    expect(stripe.requests[0]!.form).toMatchObject({
      email: user.email,
      name: 'Grace Hopper',
      'metadata[user_id]': String(user.id),
    });
    expect(stripe.requests[3]!.form).toMatchObject({
      'items[0][price]': stripe.priceId,
      default_payment_method: 'pm_card_visa',
      payment_behavior: 'error_if_incomplete',
      trial_end: String(Math.floor(Date.parse(trialEnd) / 1000)),
    });
  });

  it("spec §7's payload (no card holder name): the customer is made and kept without a name", async () => {
    const user = await buildUser(t);
    const res = await subscribe(t, user, { subscription_package_price_id: 1, payment_method: 'pm_card_visa' });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.requests[0]!.form).toMatchObject({ email: user.email });
    expect(stripe.requests[0]!.form).not.toHaveProperty('name');
    expect(stripe.requests[2]!.form).not.toHaveProperty('name');
  });

  it("a declined card answers Stripe's message and creates no subscription", async () => {
    const user = await buildUser(t);
    const res = await subscribe(t, user, subscribeBody('pm_card_chargeDeclined'));
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({
      message: BillingMessages.cardDeclined,
      errors: { payment_method: [BillingMessages.cardDeclined] },
    });
    expect(stripe.requests.some((r) => r.path === '/v1/subscriptions')).toBe(false);
    expect((await subscriptionOf(t, user)).subscription_service).toBeNull();
  });

  it('an unknown payment method is a 422 on payment_method, never a 500', async () => {
    const user = await buildUser(t);
    const res = await subscribe(t, user, subscribeBody('pm_nope'));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.payment_method).toHaveLength(1);
  });

  it('applies a known promo code and refuses an unknown one', async () => {
    stripe.promotionCodes.set('5050', 'promo_5050');
    const user = await buildUser(t);
    const bad = await subscribe(t, user, subscribeBody('pm_card_visa', { promo_code: '1111' }));
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors).toEqual({ promo_code: [BillingMessages.promoInvalid] });
    expect((await subscribe(t, user, subscribeBody('pm_card_visa', { promo_code: '5050' }))).statusCode).toBe(200);
    expect(stripe.requests.at(-1)!.form).toMatchObject({ 'discounts[0][promotion_code]': 'promo_5050' });
  });

  it('the billing portal answers the session url of Stripe, returning to /settings', async () => {
    const { coach } = await payingCoach();
    const res = await t.api('GET', 'user/subscription/billing-portal', undefined, coach.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/cus_/);
    expect(stripe.requests.at(-1)!.form.return_url).toBe('http://rally.test/settings');
  });

  it('the Stripe API unreachable is a 503 with a clear message', async () => {
    const user = await buildUser(t);
    await stripe.close();
    try {
      const res = await subscribe(t, user, subscribeBody('pm_card_visa'));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toBe(BillingMessages.providerUnavailable);
    } finally {
      await stripe.reopen();
    }
  });
});

describe('webhooks', () => {
  it('refuses a missing, forged or stale signature with 400 and changes nothing', async () => {
    const { coach, sub } = await payingCoach();
    sub.status = 'canceled';
    const forged = stripe.signedEvent('customer.subscription.deleted', sub, 'whsec_someone_else');
    const good = stripe.signedEvent('customer.subscription.deleted', sub);
    for (const [body, signature] of [
      [good.body, undefined],
      [forged.body, forged.signature],
      // A valid signature over other bytes: the body was altered on the way.
      [good.body.replace('canceled', 'active'), good.signature],
      [good.body, 't=1,v1=deadbeef'],
    ] as const) {
      const res = await deliver(body, signature);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: BillingMessages.webhookSignature, code: 'webhook_signature' });
    }
    expect((await subscriptionOf(t, coach)).stripe_status).toBe('trialing');
  });

  it('customer.subscription.updated → past_due: the teams go inactive, keeping posts and members; invoice.paid brings them back', async () => {
    const { coach, member, teamId, sub } = await payingCoach();
    const kept = await contentOf(t, teamId);
    sub.status = 'past_due';
    await event('customer.subscription.updated', sub);
    expect(await subscriptionOf(t, coach)).toMatchObject({
      name: 'Premium',
      stripe_status: 'past_due',
      subscription_service: 3,
    });
    expect(await teamStatus(t, member, teamId)).toBe('inactive');
    expect(await contentOf(t, teamId)).toEqual(kept);

    sub.status = 'active';
    sub.trial_end = null;
    await event('invoice.paid', invoiceOf(sub));
    expect((await subscriptionOf(t, coach)).stripe_status).toBe('active');
    expect(await teamStatus(t, member, teamId)).toBe('active');
  });

  it('invoice.payment_failed → past_due; paying again with a new card settles the invoice', async () => {
    const { coach, teamId, sub } = await payingCoach();
    sub.status = 'past_due';
    await event('invoice.payment_failed', invoiceOf(sub));
    expect((await subscriptionOf(t, coach)).stripe_status).toBe('past_due');

    stripe.requests.length = 0;
    const res = await subscribe(t, coach, subscribeBody('pm_card_mastercard'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.stripe_status).toBe('active');
    expect(stripe.requests.map((r) => r.path)).toContain(`/v1/invoices/${sub.latest_invoice}/pay`);
    expect(stripe.requests.some((r) => r.method === 'POST' && r.path === '/v1/subscriptions')).toBe(false);
    expect(await teamStatus(t, coach, teamId)).toBe('active');
  });

  it('customer.subscription.deleted → canceled and inactive; subscribing again makes a new subscription and reactivates', async () => {
    const { coach, member, teamId, sub } = await payingCoach();
    const kept = await contentOf(t, teamId);
    sub.status = 'canceled';
    await event('customer.subscription.deleted', sub);
    expect(await subscriptionOf(t, coach)).toMatchObject({ stripe_status: 'canceled', next_invoice_at: null });
    expect(await teamStatus(t, member, teamId)).toBe('inactive');

    const res = await subscribe(t, coach, subscribeBody('pm_card_visa'));
    expect(res.statusCode, res.body).toBe(200);
    const row = await new BillingRepository(t.db.kysely).findByUser(coach.id);
    expect(row!.provider_subscription_id).not.toBe(sub.id);
    expect(row!.stripe_status).toBe('active');
    expect(await teamStatus(t, member, teamId)).toBe('active');
    expect(await contentOf(t, teamId)).toEqual(kept);
  });

  it('customer.subscription.created and trial_will_end sync the state; an unrelated event is accepted and ignored', async () => {
    const { coach, sub } = await payingCoach();
    const before = await subscriptionOf(t, coach);
    await event('customer.subscription.created', sub);
    await event('customer.subscription.trial_will_end', sub);
    expect(await subscriptionOf(t, coach)).toEqual(before);
    stripe.requests.length = 0;
    await event('customer.created', { id: 'cus_x', object: 'customer' });
    expect(stripe.requests).toEqual([]);
  });

  it('a replayed event is handled once: the second delivery reads nothing and writes nothing', async () => {
    const { coach, sub } = await payingCoach();
    sub.status = 'past_due';
    const first = await event('customer.subscription.updated', sub);
    expect((await subscriptionOf(t, coach)).stripe_status).toBe('past_due');

    // Stripe's state moves on (its own event is still on the way); the old one is replayed.
    sub.status = 'active';
    stripe.requests.length = 0;
    const again = await deliver(first.body, first.signature);
    expect(again.statusCode, again.body).toBe(200);
    expect(stripe.requests).toEqual([]);
    expect((await subscriptionOf(t, coach)).stripe_status).toBe('past_due');
    const rows = await t.db.kysely.selectFrom('billing_events').select('id').where('id', '=', first.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('events out of order end at Stripe\'s latest state: an old "active" after "deleted" does not revive it', async () => {
    const { coach, member, teamId, sub } = await payingCoach();
    const stale = stripe.signedEvent('customer.subscription.updated', { ...structuredClone(sub), status: 'active' });
    sub.status = 'canceled';
    await event('customer.subscription.deleted', sub);
    const res = await deliver(stale.body, stale.signature);
    expect(res.statusCode, res.body).toBe(200);
    expect((await subscriptionOf(t, coach)).stripe_status).toBe('canceled');
    expect(await teamStatus(t, member, teamId)).toBe('inactive');
  });

  it('a state read before the stored one is dropped (two deliveries racing)', async () => {
    const { coach, sub } = await payingCoach();
    const repo = new BillingRepository(t.db.kysely);
    const state = (status: 'active' | 'past_due', readAt: string) => ({
      customerId: sub.customer,
      subscriptionId: sub.id,
      status,
      trialEndsAt: null,
      nextInvoiceAt: null,
      hasPaymentMethod: true,
      readAt,
    });
    expect(
      await transact(t.db.kysely, (trx) =>
        repo.applyEvent(
          'evt_race_new',
          'invoice.paid',
          state('active', new Date(Date.now() + 5000).toISOString()),
          trx,
        ),
      ),
    ).toBe(true);
    expect(
      await transact(t.db.kysely, (trx) =>
        repo.applyEvent('evt_race_old', 'invoice.payment_failed', state('past_due', new Date().toISOString()), trx),
      ),
    ).toBe(true);
    expect((await subscriptionOf(t, coach)).stripe_status).toBe('active');
  });

  it('the trial job moves an ended trial without a card to Member (2) and leaves a Stripe trial with a card alone', async () => {
    const [lapsed, { coach }] = await Promise.all([buildUser(t), payingCoach()]);
    await Promise.all([endTrial(t, lapsed), endTrial(t, coach)]);
    expect(
      await new BillingService(t.db.kysely, new BillingRepository(t.db.kysely), 14).expireTrials(),
    ).toBeGreaterThanOrEqual(1);
    expect(await subscriptionOf(t, lapsed)).toMatchObject({ name: 'Free', action_performed_by: 2 });
    expect(await subscriptionOf(t, coach)).toMatchObject({
      name: 'Premium',
      stripe_status: 'trialing',
      action_performed_by: null,
    });
  });
});
