import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Routes, SecurityMessages } from '@rally/contract';
import { sessionStore } from '../../../lib/session-storage';
import { fillAll } from '../../../test/helpers';
import { renderAppAt } from '../../../test/render';
import { apiError, apiOk, apiUrl, authUser, server } from '../../../test/server';

const open = (url: string) => renderAppAt(url, 'Email Me a Code');

describe('sign in with a mailed code', () => {
  it('asks for the code for the e-mail given, then signs in and goes where the user was headed', async () => {
    const posted: [string, unknown][] = [];
    server.use(
      http.post(apiUrl(Routes.loginCode), async ({ request }) => {
        posted.push(['login/code', await request.json()]);
        return apiOk(null, SecurityMessages.loginCodeSent);
      }),
      http.post(apiUrl(Routes.loginCodeVerify), async ({ request }) => {
        posted.push(['login/code/verify', await request.json()]);
        return apiOk(authUser('code-token'));
      }),
    );
    const app = await open(
      `/login/code?${new URLSearchParams({ email: 'ada@example.test', redirect: '/profile' }).toString()}`,
    );
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');

    await app.user.click(screen.getByRole('button', { name: 'Email Me a Code' }));
    expect(await screen.findByText(SecurityMessages.loginCodeSent)).toBeInTheDocument();
    await fillAll(app.user, { 'Sign-in Code': '123456' });
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(app.location().pathname).toBe('/profile'));
    expect(sessionStore.get()?.token).toBe('code-token');
    expect(posted).toEqual([
      ['login/code', { email: 'ada@example.test' }],
      ['login/code/verify', { email: 'ada@example.test', code: '123456' }],
    ]);
  });

  it("shows the server's message for a wrong code and stays", async () => {
    server.use(
      http.post(apiUrl(Routes.loginCode), () => apiOk(null, SecurityMessages.loginCodeSent)),
      http.post(apiUrl(Routes.loginCodeVerify), () =>
        apiError(422, SecurityMessages.loginCodeInvalid, { code: [SecurityMessages.loginCodeInvalid] }),
      ),
    );
    const app = await open('/login/code');
    await fillAll(app.user, { Email: 'ada@example.test' });
    await app.user.click(screen.getByRole('button', { name: 'Email Me a Code' }));
    await fillAll(app.user, { 'Sign-in Code': '000000' });
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(SecurityMessages.loginCodeInvalid)).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login/code');
  });
});
