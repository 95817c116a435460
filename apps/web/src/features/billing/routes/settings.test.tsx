import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Routes } from '@rally/contract';
import { renderApp } from '../../../test/render';
import { apiOk, apiUrl, server, testUser } from '../../../test/server';
import { serveSubscription, subscription } from '../../../test/team-fixtures';
import { browser } from '../components/browser';
import { trialDaysLeft } from '../components/plan-format';

describe('/settings', () => {
  it('is reached from the account menu and shows the trial as the current plan', async () => {
    serveSubscription({
      name: 'Premium',
      title: 'Coach',
      stripe_status: 'trialing',
      trial_ends_at: '2026-12-07T10:00:00.000Z',
    });
    const { user, location } = renderApp('/profile', { signedInAs: testUser });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    expect(location().pathname).toBe('/settings');

    const current = (await screen.findByText('Current Plan')).closest('.MuiCard-root') as HTMLElement;
    expect(within(current).getByText('Coach')).toBeInTheDocument();
    expect(within(current).getByText('Trial')).toBeInTheDocument();
    expect(within(current).getByText(/Your trial ends on Dec 07, 2026\./)).toBeInTheDocument();

    const details = screen.getByText('Plan Details').closest('.MuiCard-root') as HTMLElement;
    expect(within(details).getByText('$50.00 / month')).toBeInTheDocument();
    expect(within(details).getByText('Member')).toBeInTheDocument();
    // Only the plan the user is on reads 'Subscribed'.
    expect(within(details).getAllByText('Subscribed')).toHaveLength(1);
  });

  it('a canceled Coach plan is not marked Subscribed', async () => {
    serveSubscription({ name: 'Premium', title: 'Coach', stripe_status: 'canceled' });
    renderApp('/settings', { signedInAs: testUser });
    expect(await screen.findByText('Canceled')).toBeInTheDocument();
    expect(screen.queryByText('Subscribed')).not.toBeInTheDocument();
  });
});

describe('/settings: paying and the billing portal', () => {
  // The app-load dialogs (tested in app/subscription-notices.test.tsx) have links of their own.
  beforeEach(() => {
    for (const kind of ['switched', 'inactive', 'trialEnds'])
      sessionStorage.setItem(`rally.notice.${testUser.id}.${kind}`, '1');
  });
  afterEach(() => sessionStorage.clear());

  it.each([
    [{ name: 'Premium', stripe_status: 'trialing', has_payment_method: false }, 'Add payment details'],
    [{ name: 'Premium', stripe_status: 'canceled' }, 'Activate'],
    [{ name: 'Free', title: 'Member', stripe_status: 'active', action_performed_by: 2 }, 'Subscribe'],
  ] as const)('%o: the Coach plan offers %s on the payment page, and no portal', async (sub, label) => {
    serveSubscription(sub);
    renderApp('/settings', { signedInAs: testUser });
    const link = await screen.findByRole('link', { name: label });
    expect(link).toHaveAttribute('href', '/paymentMethod/Coach');
    expect(screen.queryByRole('button', { name: 'Manage Billing' })).not.toBeInTheDocument();
  });

  it.each(['active', 'trialing'] as const)(
    'a %s card subscription (service 3) has the portal button, which goes to the returned url',
    async (stripe_status) => {
      const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
      serveSubscription({ name: 'Premium', stripe_status, subscription_service: 3, trial_ends_at: null });
      server.use(http.get(apiUrl(Routes.billingPortal), () => apiOk({ url: 'https://billing.stripe.test/p/1' })));
      const { user } = renderApp('/settings', { signedInAs: testUser });
      await user.click(await screen.findByRole('button', { name: 'Manage Billing' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/1'));
      // Paid by card: nothing more to subscribe to.
      expect(screen.queryByRole('link', { name: /Subscribe|Activate|Add payment details/ })).not.toBeInTheDocument();
      assign.mockRestore();
    },
  );

  it.each([
    [{ stripe_status: 'past_due', subscription_service: 3 }],
    [{ stripe_status: 'active', subscription_service: null }],
  ] as const)('%o: no portal button', async (sub) => {
    serveSubscription({ name: 'Premium', ...sub });
    renderApp('/settings', { signedInAs: testUser });
    await screen.findByText('Current Plan');
    expect(screen.queryByRole('button', { name: 'Manage Billing' })).not.toBeInTheDocument();
  });

  it('counts the trial days left by calendar day', () => {
    const now = new Date('2026-11-25T23:00:00');
    const trial = (end: string) =>
      trialDaysLeft(
        { ...subscription({ stripe_status: 'trialing' }), trial_ends_at: new Date(end).toISOString() },
        now,
      );
    expect(trial('2026-11-26T01:00:00')).toBe(1);
    expect(trial('2026-12-09T08:00:00')).toBe(14);
    expect(trial('2026-11-25T23:30:00')).toBe(0);
    expect(trialDaysLeft(subscription(), now)).toBeNull();
  });
});
