import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { testUser } from '../../../test/server';
import { serveSubscription } from '../../../test/team-fixtures';

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
    expect(within(current).getByText('Your trial ends on Dec 07, 2026.')).toBeInTheDocument();

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
