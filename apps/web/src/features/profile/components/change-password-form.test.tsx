import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Routes, Messages } from '@rally/contract';
import { sessionStore } from '../../../lib/session-storage';
import { expectFieldError, expectNoFieldError, fill, fillAll } from '../../../test/helpers';
import { renderAppAt } from '../../../test/render';
import { apiError, apiOk, apiUrl, recordCalls, server, testUser } from '../../../test/server';

const valid = { 'Old Password': 'old-secret', 'New Password': 'new-secret', 'Confirm Password': 'new-secret' };

const updateButton = () => screen.getByRole('button', { name: 'Update Password' });

/** The signed-in user's /profile, on its Change Password tab. */
async function openChangePassword() {
  server.use(http.get(apiUrl(Routes.moods), () => apiOk([])));
  const app = await renderAppAt('/profile', 'Edit Basic Info', { signedInAs: testUser });
  await app.user.click(screen.getByRole('tab', { name: 'Change Password' }));
  await screen.findByRole('button', { name: 'Update Password' });
  expect(screen.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');
  return app;
}

describe('change password: validation (spec §5)', () => {
  it('Update Password stays disabled until the form is valid', async () => {
    const { user } = await openChangePassword();
    expect(updateButton()).toBeDisabled();

    await fill(user, 'Old Password', 'old-secret');
    await fill(user, 'New Password', 'new-secret');
    expect(updateButton()).toBeDisabled();

    await fill(user, 'Confirm Password', 'new-secre');
    await waitFor(() => expectFieldError('Confirm Password', 'Passwords Must Match'));
    expect(updateButton()).toBeDisabled();

    await fill(user, 'Confirm Password', 'new-secret');
    await waitFor(() => expect(updateButton()).toBeEnabled());
    expectNoFieldError('Confirm Password');

    await fillAll(user, { 'New Password': 'abc', 'Confirm Password': 'abc' });
    await waitFor(() => expectFieldError('New Password', Messages.passwordMin));
    expect(updateButton()).toBeDisabled();
  });

  it('shows the required messages once a field is emptied', async () => {
    const { user } = await openChangePassword();

    await fillAll(user, valid);
    await waitFor(() => expect(updateButton()).toBeEnabled());
    await fill(user, 'Old Password', '');
    await fill(user, 'New Password', '');
    await fill(user, 'Confirm Password', '');

    await waitFor(() => expectFieldError('Old Password', 'Old Password is required'));
    expectFieldError('New Password', 'Password is required');
    expectFieldError('Confirm Password', 'Password confirmation is required');
    expect(updateButton()).toBeDisabled();
  });
});

describe('change password: submitting', () => {
  it("success sends the passwords with the user's e-mail, says so in a snackbar and empties the form", async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.changePassword), async ({ request }) => {
        body = await request.json();
        return apiOk(null);
      }),
    );
    const calls = recordCalls();
    const { user } = await openChangePassword();

    await fillAll(user, valid);
    await waitFor(() => expect(updateButton()).toBeEnabled());
    await user.click(updateButton());

    expect(await screen.findByText('Password changed successfully.')).toBeInTheDocument();
    expect(body).toEqual({
      old_password: 'old-secret',
      password: 'new-secret',
      password_confirmation: 'new-secret',
      email: testUser.email,
    });
    expect(calls.find((c) => c.path === '/api/user/profile/password')?.headers.get('authorization')).toBe(
      'Bearer token-123',
    );
    await waitFor(() => expect(screen.getByLabelText('Old Password')).toHaveValue(''));
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('');
    expect(updateButton()).toBeDisabled();
    expect(screen.queryByText(Messages.passwordUpdateFailed)).not.toBeInTheDocument();
    // Still signed in.
    expect(sessionStore.get()?.token).toBe('token-123');
  });

  it("failure shows 'Password update failed.' and the server's errors on their fields", async () => {
    server.use(
      http.post(apiUrl(Routes.changePassword), () =>
        apiError(422, Messages.oldPasswordWrong, {
          old_password: [Messages.oldPasswordWrong],
          password: ['The new password is too common.'],
        }),
      ),
    );
    const { user } = await openChangePassword();

    await fillAll(user, valid);
    await waitFor(() => expect(updateButton()).toBeEnabled());
    await user.click(updateButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password update failed\.$/);
    expectFieldError('Old Password', 'The old password is incorrect.');
    expectFieldError('New Password', 'The new password is too common.');
    expectNoFieldError('Confirm Password');
    expect(screen.queryByText(Messages.passwordChanged)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Old Password')).toHaveValue('old-secret');
  });

  it('failure without field errors adds the server message', async () => {
    server.use(http.post(apiUrl(Routes.changePassword), () => apiError(500, Messages.serverError)));
    const { user } = await openChangePassword();

    await fillAll(user, valid);
    await waitFor(() => expect(updateButton()).toBeEnabled());
    await user.click(updateButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(`Password update failed. ${Messages.serverError}`);
  });

  it('an error on a field the form does not show (email) is not lost', async () => {
    server.use(
      http.post(apiUrl(Routes.changePassword), () =>
        apiError(422, 'The email does not match your account.', { email: ['The email does not match your account.'] }),
      ),
    );
    const { user } = await openChangePassword();

    await fillAll(user, valid);
    await waitFor(() => expect(updateButton()).toBeEnabled());
    await user.click(updateButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password update failed. The email does not match your account.',
    );
  });
});
