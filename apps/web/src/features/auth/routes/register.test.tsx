import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Routes, Messages } from '@rally/contract';
import { sessionStore } from '../../../lib/session-storage';
import { expectFieldError, expectGoneAfterFourSeconds, expectNoFieldError, fill, fillAll } from '../../../test/helpers';
import { renderAppAt } from '../../../test/render';
import { apiError, apiOk, apiUrl, recordCalls, server, testUser } from '../../../test/server';

const valid = {
  'First Name': 'Grace',
  'Last Name': 'Hopper',
  Email: 'grace@example.test',
  Password: 'cobol',
  'Confirm Password': 'cobol',
};

const signUp = () => screen.getByRole('button', { name: 'Sign Up' });

const openRegister = (url = '/register') => renderAppAt(url, 'Sign Up');

afterEach(() => vi.useRealTimers());

describe('register: client validation (spec §5)', () => {
  it('an empty form shows every required message and sends nothing', async () => {
    const calls = recordCalls();
    const { user } = await openRegister();

    await user.click(signUp());

    await waitFor(() => expectFieldError('First Name', 'First Name is required.'));
    expectFieldError('Last Name', 'Last Name is required.');
    expectFieldError('Email', 'Email is required.');
    expectFieldError('Password', 'Password is required');
    expectFieldError('Confirm Password', 'Password Confirmation is requried.');
    expect(calls).toEqual([]);
  });

  it('names of spaces only are still required', async () => {
    const { user } = await openRegister();

    await fillAll(user, { ...valid, 'First Name': '   ', 'Last Name': ' ' });
    await user.click(signUp());

    await waitFor(() => expectFieldError('First Name', Messages.firstNameRequired));
    expectFieldError('Last Name', Messages.lastNameRequired);
    expectNoFieldError('Email');
  });

  it('an invalid e-mail and a short password show their messages', async () => {
    const calls = recordCalls();
    const { user } = await openRegister();

    await fillAll(user, { ...valid, Email: 'grace@', Password: 'abc', 'Confirm Password': 'abc' });
    await user.click(signUp());

    await waitFor(() => expectFieldError('Email', 'Please enter a valid email address.'));
    expectFieldError('Password', 'Password cannot be less then 4 words');
    expectNoFieldError('First Name');
    expect(calls).toEqual([]);
  });

  it("a different confirmation shows 'Passwords Must Match' on the confirmation", async () => {
    const calls = recordCalls();
    const { user } = await openRegister();

    await fillAll(user, { ...valid, 'Confirm Password': 'cobol2' });
    await user.click(signUp());

    await waitFor(() => expectFieldError('Confirm Password', 'Passwords Must Match'));
    expectNoFieldError('Password');
    expect(calls).toEqual([]);

    await fill(user, 'Confirm Password', 'cobol');
    await waitFor(() => expectNoFieldError('Confirm Password'));
  });
});

describe('register: server answers', () => {
  it('puts each message of the 422 errors object on its field', async () => {
    server.use(
      http.post(apiUrl(Routes.register), () =>
        apiError(422, Messages.emailTaken, {
          email: [Messages.emailTaken, 'A second e-mail message'],
          first_name: ['First name looks odd.'],
          password: ['The password is too common.'],
        }),
      ),
    );
    const app = await openRegister();

    await fillAll(app.user, valid);
    await app.user.click(signUp());

    await waitFor(() => expectFieldError('Email', 'The email has already been taken.'));
    expectFieldError('First Name', 'First name looks odd.');
    expectFieldError('Password', 'The password is too common.');
    expectNoFieldError('Last Name');
    expectNoFieldError('Confirm Password');
    expect(screen.queryByText('A second e-mail message')).not.toBeInTheDocument();
    expect(app.location().pathname).toBe('/register');
    expect(sessionStore.pending()).toBeNull();
  });

  it('an error on a field the form does not show goes to the form message', async () => {
    server.use(
      http.post(apiUrl(Routes.register), () =>
        apiError(422, 'Sign-ups are paused for this domain.', {
          account: ['Sign-ups are paused for this domain.'],
          email: [Messages.emailTaken],
        }),
      ),
    );
    const app = await openRegister('/register');

    await fillAll(app.user, valid);
    await app.user.click(signUp());

    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-ups are paused for this domain.');
    expectFieldError('Email', Messages.emailTaken);
  });

  it('an error without field errors shows the server message for 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(http.post(apiUrl(Routes.register), () => apiError(429, Messages.tooManyRequests)));
    const app = await openRegister();

    await fillAll(app.user, valid);
    await app.user.click(signUp());

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.tooManyRequests);
    await expectGoneAfterFourSeconds(Messages.tooManyRequests);
  });

  it('success sends the form and goes to /verify-account with the pending e-mail stored', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.register), async ({ request }) => {
        body = await request.json();
        return apiOk({ ...testUser, email: 'grace@example.test', email_verified_at: null }, Messages.registered);
      }),
    );
    const before = Date.now();
    const app = await openRegister();

    await fillAll(app.user, { ...valid, Email: ' Grace@Example.test ' });
    await app.user.click(signUp());

    expect(await screen.findByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/verify-account');
    expect(body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.test',
      password: 'cobol',
      password_confirmation: 'cobol',
    });
    const pending = sessionStore.pending();
    expect(pending?.email).toBe('grace@example.test');
    expect(pending?.sentAt).toBeGreaterThanOrEqual(before);
    expect(screen.getByText('grace@example.test')).toBeInTheDocument();
    // The code was just sent: Resend waits for the countdown.
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
    expect(sessionStore.get()).toBeNull();
  });

  it('an invitation link pre-fills the e-mail and keeps the redirect to the Join dialog', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post(apiUrl(Routes.register), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return apiOk(testUser);
      }),
    );
    const app = await openRegister(
      '/register?email=invitee%40example.test&redirect=%2Fengagements%3Finvitation_code%3DINV123',
    );

    expect(screen.getByLabelText('Email')).toHaveValue('invitee@example.test');
    await fillAll(app.user, { 'First Name': 'In', 'Last Name': 'Vitee', Password: 'abcd', 'Confirm Password': 'abcd' });
    await app.user.click(signUp());

    await screen.findByRole('button', { name: 'Verify' });
    expect(body).toMatchObject({ email: 'invitee@example.test' });
    expect(body).not.toHaveProperty('invitation_code');
    // Where to go after signing in (the Join dialog with the code) follows the user to the verify screen.
    expect(app.url()).toBe('/verify-account?redirect=%2Fengagements%3Finvitation_code%3DINV123');
  });
});
