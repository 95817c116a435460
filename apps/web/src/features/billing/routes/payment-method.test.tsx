import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillingMessages, Routes } from '@rally/contract';
import { renderApp } from '../../../test/render';
import { apiError, apiOk, apiUrl, server, testUser } from '../../../test/server';
import { serveSubscription, subscription } from '../../../test/team-fixtures';
import { expectFieldError, fill, fillAll } from '../../../test/helpers';
import { browser } from '../components/browser';

const testMode = () =>
  server.use(http.get(apiUrl(Routes.paymentConfig), () => apiOk({ provider: 'test', publishable_key: null })));

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

async function openPage(url = '/paymentMethod/Coach') {
  testMode();
  const app = renderApp(url, { signedInAs: testUser });
  await screen.findByLabelText('Card number');
  return app;
}

const card = { 'Card number': '4242 4242 4242 4242', 'Expiry (MM/YY)': '12/34', CVC: '123' };

describe('/paymentMethod/Coach', () => {
  it("is 'Manage Subscription', says test mode wherever a card is asked for, and explains the trial", async () => {
    serveSubscription({
      name: 'Premium',
      stripe_status: 'trialing',
      trial_ends_at: '2026-12-07T10:00:00.000Z',
      has_payment_method: false,
    });
    await openPage();
    expect(screen.getByRole('heading', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(screen.getByText(BillingMessages.testMode)).toBeInTheDocument();
    expect(screen.getByText(/Your trial continues until Dec 07, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('says payments are unavailable, with no card form, when the server takes none (BILLING_TEST_MODE=false)', async () => {
    serveSubscription({ name: 'Free', stripe_status: 'canceled', has_payment_method: false });
    server.use(http.get(apiUrl(Routes.paymentConfig), () => apiOk({ provider: 'off', publishable_key: null })));
    renderApp('/paymentMethod/Coach', { signedInAs: testUser });
    expect(await screen.findByText(BillingMessages.paymentsOff)).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(screen.queryByText(BillingMessages.testMode)).not.toBeInTheDocument();
    expect(screen.queryByText(/is charged/)).not.toBeInTheDocument(); // nothing will be
  });

  it('checks the card holder name (spec §5) and blocks submit while a message shows', async () => {
    const posted = vi.fn();
    server.use(http.post(apiUrl(Routes.subscribe), () => (posted(), apiOk(subscription()))));
    const { user } = await openPage();
    await fill(user, 'Card holder name', 'R2D2');
    expectFieldError('Card holder name', 'Name cannot contain the number');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    await fill(user, 'Card holder name', 'Al');
    expectFieldError('Card holder name', 'Name cannot be less then 3 characters');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    await fill(user, 'Promo code (optional)', 'FREE');
    expectFieldError('Promo code (optional)', BillingMessages.promoNumeric);
    expect(posted).not.toHaveBeenCalled();
  });

  it('checks the card fields as Stripe does before anything is sent', async () => {
    const posted = vi.fn();
    server.use(http.post(apiUrl(Routes.subscribe), () => (posted(), apiOk(subscription()))));
    const { user } = await openPage();
    await fillAll(user, {
      'Card holder name': 'Ada Lovelace',
      'Card number': '4242 4242 4242 4241',
      'Expiry (MM/YY)': '01/20',
      CVC: '1',
    });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expectFieldError('Card number', 'Your card number is invalid.');
    expectFieldError('Expiry (MM/YY)', "Your card's expiration date is in the past.");
    expectFieldError('CVC', "Your card's security code is incomplete.");
    expect(posted).not.toHaveBeenCalled();
  });

  it('sends the price, the card, the name and a numeric promo code, then reloads with the answer', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.subscribe), async ({ request }) => {
        body = await request.json();
        return apiOk(subscription({ subscription_service: 3 }), BillingMessages.subscribed);
      }),
    );
    const { user } = await openPage();
    await fillAll(user, { 'Card holder name': ' Ada Lovelace ', ...card, 'Promo code (optional)': '2026' });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(body).toEqual({
      subscription_package_price_id: 1,
      payment_method: '4242424242424242',
      name: 'Ada Lovelace',
      promo_code: '2026',
    });
    expect(sessionStorage.getItem('rally.billing.paid')).toBe(BillingMessages.subscribed);
  });

  it("shows the provider's message for a declined card and keeps what was typed", async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    server.use(
      http.post(apiUrl(Routes.subscribe), () =>
        apiError(402, BillingMessages.cardDeclined, { payment_method: [BillingMessages.cardDeclined] }),
      ),
    );
    const { user } = await openPage();
    await fillAll(user, { 'Card holder name': 'Ada Lovelace', ...card, 'Card number': '4000 0000 0000 0002' });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByLabelText('Card holder name')).toHaveValue('Ada Lovelace');
    expect(reload).not.toHaveBeenCalled();
  });

  it('after the reload shows the success message once', async () => {
    sessionStorage.setItem('rally.billing.paid', BillingMessages.subscribed);
    serveSubscription({ subscription_service: 3 });
    await openPage();
    expect(screen.getByText(BillingMessages.subscribed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update card' })).toBeInTheDocument();
    expect(sessionStorage.getItem('rally.billing.paid')).toBeNull();
  });

  it('redirects to / when the subscription cannot be had', async () => {
    testMode();
    server.use(http.get(apiUrl(Routes.userSubscription), () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { location } = renderApp('/paymentMethod/Coach', { signedInAs: testUser });
    await waitFor(() => expect(location().pathname).toBe('/'));
  });
});
