import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages, Routes, type SubscriptionDto } from '@rally/contract';
import { renderApp } from '../../../test/render';
import { apiOk, apiUrl, server, testUser } from '../../../test/server';
import { buildTeam, serveSubscription, subscription } from '../../../test/team-fixtures';
import { untilTrialEnds } from '../api/get-subscription';
import { browser } from '../components/browser';
import { trialDaysLeft } from '../components/plan-format';

describe('/settings', () => {
  it('is reached from the account menu and shows the trial as the current plan', async () => {
    serveSubscription({
      name: 'Premium',
      title: 'Coach',
      stripe_status: 'trialing',
      trial_ends_at: '2026-12-07T10:00:00.000Z',
      is_active: true,
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

describe("/settings on the trial's last day: what Create Engagement will accept", () => {
  // Only Date is faked (the app's own timers run): the clock stands at chosen instants.
  const end = new Date(2026, 11, 7, 12, 0, 0); // noon, local time: the trial's end instant
  const lastDay = new Date(2026, 11, 7, 9, 0, 0);
  beforeEach(() => {
    for (const kind of ['switched', 'inactive', 'trialEnds'])
      sessionStorage.setItem(`rally.notice.${testUser.id}.${kind}`, '1');
    vi.useFakeTimers({ toFake: ['Date'] });
    // The subscription as the server presents it at the instant of each request (`is_active`
    // by the contract's rule: a trial is active through its end instant); the user owns a
    // personal team, so another engagement needs an active Coach plan.
    serveSubscription({
      name: 'Premium',
      title: 'Coach',
      stripe_status: 'trialing',
      trial_ends_at: end.toISOString(),
      has_payment_method: false,
    });
    server.use(
      http.get(apiUrl(Routes.teams), () => apiOk([buildTeam({ id: 3, name: 'Mine', is_personal: true, role_id: 2 })])),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  /** /settings' plan state, then what Create Engagement opens on /engagements, at `now`. */
  async function seenAt(now: Date) {
    vi.setSystemTime(now);
    const settings = renderApp('/settings', { signedInAs: testUser });
    const current = (await screen.findByText('Current Plan')).closest('.MuiCard-root') as HTMLElement;
    const details = screen.getByText('Plan Details').closest('.MuiCard-root') as HTMLElement;
    const state = {
      status: within(current).getByText(/^Trial/).textContent,
      text: current.textContent,
      subscribed: within(details).queryAllByText('Subscribed').length,
    };
    settings.unmount();

    const app = renderApp('/engagements', { signedInAs: testUser });
    await screen.findByRole('article', { name: 'Mine' });
    await app.user.click(screen.getByRole('button', { name: 'Create Engagement' }));
    const dialog = await screen.findByRole('dialog');
    return { ...state, form: within(dialog).queryByLabelText('Engagement Name') !== null, dialog };
  }

  it('before the end instant: Subscribed, the last day, and Create Engagement opens its form', async () => {
    const seen = await seenAt(lastDay);
    expect(seen.status).toBe('Trial');
    expect(seen.text).toContain('Last day of your trial. Your trial ends on Dec 07, 2026.');
    expect(seen.subscribed).toBe(1);
    expect(seen.form).toBe(true);
  });

  it('at the end instant itself: still Subscribed, and the form', async () => {
    const seen = await seenAt(end);
    expect(seen.status).toBe('Trial');
    expect(seen.subscribed).toBe(1);
    expect(seen.form).toBe(true);
  });

  it('past it, the same day, before the expiry job: not Subscribed, and Create Engagement asks to activate', async () => {
    const seen = await seenAt(new Date(end.getTime() + 60_000));
    expect(seen.status).toBe('Trial ended');
    expect(seen.text).toContain('Your trial ended on Dec 07, 2026.');
    expect(seen.text).not.toContain('Last day of your trial.');
    expect(seen.subscribed).toBe(0);
    expect(seen.form).toBe(false);
    expect(seen.dialog).toHaveTextContent(Messages.subscriptionInactive);
  });
});

describe('reading the subscription again when a trial ends', () => {
  const now = Date.parse('2026-12-07T11:00:00.000Z');
  const trial = (over: Partial<SubscriptionDto> = {}) =>
    subscription({
      stripe_status: 'trialing',
      trial_ends_at: '2026-12-07T12:00:00.000Z',
      has_payment_method: false,
      is_active: true,
      ...over,
    });

  it('just after the end instant of a running trial, and again while the server still says active', () => {
    expect(untilTrialEnds(trial(), now)).toBe(60 * 60_000 + 1_000);
    expect(untilTrialEnds(trial(), now + 2 * 60 * 60_000)).toBe(15_000);
    // Weeks away: the longest a timer waits, then it is set again.
    expect(untilTrialEnds(trial({ trial_ends_at: '2027-02-07T12:00:00.000Z' }), now)).toBe(2 ** 31 - 1);
  });

  it('never for a plan that is not a running trial without a card', () => {
    expect(untilTrialEnds(undefined, now)).toBe(false);
    expect(untilTrialEnds(trial({ is_active: false }), now)).toBe(false);
    expect(untilTrialEnds(trial({ has_payment_method: true }), now)).toBe(false);
    expect(untilTrialEnds(subscription(), now)).toBe(false);
  });
});
