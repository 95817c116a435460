import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../lib/session-storage';
import { authUser, testUser } from '../test/server';
import { AppProviders, makeQueryClient } from './providers';

describe('AppProviders', () => {
  it('clears cached server state when another tab changes the signed-in user, and keeps it otherwise', () => {
    sessionStore.signIn(authUser('token-a', testUser));
    const client = makeQueryClient();
    render(
      <AppProviders queryClient={client}>
        <span>app</span>
      </AppProviders>,
    );
    client.setQueryData(['teams'], ['team of user A']);

    sessionStore.updateUser({ ...testUser, first_name: 'Renamed' });
    expect(client.getQueryData(['teams'])).toEqual(['team of user A']);

    sessionStore.signIn(authUser('token-b', { ...testUser, id: testUser.id + 1, email: 'b@example.test' }));
    expect(client.getQueryData(['teams'])).toBeUndefined();
  });
});
