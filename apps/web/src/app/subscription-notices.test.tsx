import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Messages } from '@rally/contract';
import { renderApp } from '../test/render';
import { testUser } from '../test/server';
import { serveSubscription } from '../test/team-fixtures';

afterEach(() => sessionStorage.clear());

describe('subscription dialogs at app load (spec §4, §8)', () => {
  it.each([
    [
      'switched to Member',
      { name: 'Free', title: 'Member', stripe_status: 'active', action_performed_by: 2 },
      Messages.switchedToMember,
      'Subscribe',
    ],
    ['inactive', { name: 'Premium', stripe_status: 'canceled' }, Messages.subscriptionInactive, 'Activate'],
    [
      'trial ends tomorrow',
      { name: 'Premium', stripe_status: 'trialing', trail_will_end_tomorrow: true, has_payment_method: false },
      Messages.trialEndsTomorrow,
      'Add payment details',
    ],
  ] as const)('%s: the dialog leads to the payment page and is shown once', async (_name, sub, message, action) => {
    serveSubscription(sub);
    const { user } = renderApp('/engagements', { signedInAs: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Subscription' });
    expect(dialog).toHaveTextContent(message);
    expect(within(dialog).getByRole('link', { name: action })).toHaveAttribute('href', '/paymentMethod/Coach');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Subscription' })).not.toBeInTheDocument();

    // The app loads again in the same session: the same state is not announced twice.
    cleanup();
    renderApp('/engagements', { signedInAs: testUser });
    await screen.findByRole('heading', { name: 'Engagements' });
    expect(screen.queryByRole('dialog', { name: 'Subscription' })).not.toBeInTheDocument();
  });

  it.each([
    ['an active Coach plan', {}],
    [
      'a trial ending tomorrow with a card on file',
      { stripe_status: 'trialing', trail_will_end_tomorrow: true, has_payment_method: true },
    ],
  ] as const)('%s shows no dialog', async (_name, sub) => {
    serveSubscription(sub);
    renderApp('/engagements', { signedInAs: testUser });
    await screen.findByRole('heading', { name: 'Engagements' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
