import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Messages, ProfileMessages, Routes } from '@rally/contract';
import { expectFieldError, fill } from '../../../test/helpers';
import { renderAppAt } from '../../../test/render';
import { apiError, apiOk, apiUrl, emptyProfile, server, testUser } from '../../../test/server';

const NEW_EMAIL = 'ada.new@example.test';

/**
 * The Basic Info form with a new e-mail (decisions.md): the rest saves through the bio with the
 * current e-mail; the new one goes through the password, then the code mailed to it.
 */
function serve() {
  let profile = { ...testUser, profile: { ...emptyProfile } };
  const sent: { bio?: Record<string, unknown>; request: unknown[]; confirm: unknown[] } = { request: [], confirm: [] };
  server.use(
    http.get(apiUrl(Routes.geocoder), () => apiOk({ enabled: false })),
    http.get(apiUrl(Routes.profile), () => apiOk(profile)),
    http.get(apiUrl(Routes.moods), () => apiOk([])),
    http.post(apiUrl(Routes.updateBio), async ({ request }) => {
      sent.bio = (await request.json()) as Record<string, unknown>;
      profile = { ...profile, first_name: String(sent.bio.first_name) };
      return apiOk(profile, ProfileMessages.basicInfoUpdated);
    }),
    http.post(apiUrl(Routes.requestEmailChange), async ({ request }) => {
      const body = (await request.json()) as { current_password: string };
      sent.request.push(body);
      if (body.current_password !== 'right-pass')
        return apiError(422, ProfileMessages.currentPasswordWrong, {
          current_password: [ProfileMessages.currentPasswordWrong],
        });
      return apiOk(null, ProfileMessages.emailCodeSent);
    }),
    http.post(apiUrl(Routes.confirmEmailChange), async ({ request }) => {
      const body = (await request.json()) as { verification_code: string };
      sent.confirm.push(body);
      if (body.verification_code !== '123456')
        return apiError(422, Messages.codeInvalid, { verification_code: [Messages.codeInvalid] });
      const { profile: _p, ...user } = profile;
      profile = { ...profile, email: NEW_EMAIL };
      return apiOk({ ...user, email: NEW_EMAIL }, ProfileMessages.emailChanged);
    }),
  );
  return sent;
}

describe('changing the e-mail from Basic Info', () => {
  it('saves the rest with the current e-mail, then asks the password and the code; the profile shows the new address', async () => {
    const sent = serve();
    const { user } = await renderAppAt('/profile', 'Edit Basic Info', { signedInAs: testUser });
    await user.click(screen.getByRole('button', { name: 'Edit Basic Info' }));
    await fill(user, 'First Name', 'Augusta');
    await fill(user, 'Email', NEW_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    // The bio never carries the new address.
    const dialog = await screen.findByRole('dialog', { name: ProfileMessages.changeEmailTitle });
    expect(sent.bio).toMatchObject({ first_name: 'Augusta', email: testUser.email });
    expect(within(dialog).getByText(ProfileMessages.changeEmailPasswordStep(NEW_EMAIL))).toBeInTheDocument();

    // A wrong password: the server's message on the field, still on the first step.
    await fill(user, 'Current Password', 'wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: ProfileMessages.sendCode }));
    await waitFor(() => expectFieldError('Current Password', ProfileMessages.currentPasswordWrong));
    expect(sent.request).toEqual([{ email: NEW_EMAIL, current_password: 'wrong-pass' }]);

    await fill(user, 'Current Password', 'right-pass');
    await user.click(within(dialog).getByRole('button', { name: ProfileMessages.sendCode }));
    expect(await within(dialog).findByText(ProfileMessages.changeEmailCodeStep(NEW_EMAIL))).toBeInTheDocument();

    // A wrong code stays on the code step with the server's message.
    await fill(user, 'Verification Code', '000000');
    await user.click(within(dialog).getByRole('button', { name: ProfileMessages.confirmCode }));
    await waitFor(() => expectFieldError('Verification Code', Messages.codeInvalid));

    await fill(user, 'Verification Code', '123456');
    await user.click(within(dialog).getByRole('button', { name: ProfileMessages.confirmCode }));
    expect(await screen.findByText(ProfileMessages.emailChanged)).toBeInTheDocument();
    expect(sent.confirm).toEqual([{ verification_code: '000000' }, { verification_code: '123456' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The profile (and the signed-in user everywhere) show the new address, nowhere the old one.
    await waitFor(() => expect(screen.queryByText(testUser.email)).not.toBeInTheDocument());
    expect(screen.getAllByText(NEW_EMAIL).length).toBeGreaterThan(0);
  });

  it('"Send a new code" asks again with the same password; Cancel leaves the e-mail as it was', async () => {
    const sent = serve();
    const { user } = await renderAppAt('/profile', 'Edit Basic Info', { signedInAs: testUser });
    await user.click(screen.getByRole('button', { name: 'Edit Basic Info' }));
    await fill(user, 'Email', NEW_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: ProfileMessages.changeEmailTitle });
    await fill(user, 'Current Password', 'right-pass');
    await user.click(within(dialog).getByRole('button', { name: ProfileMessages.sendCode }));
    await user.click(await within(dialog).findByRole('button', { name: ProfileMessages.resendCode }));
    expect(await within(dialog).findByText(ProfileMessages.emailCodeSent)).toBeInTheDocument();
    expect(sent.request).toHaveLength(2);
    expect(sent.request[1]).toEqual({ email: NEW_EMAIL, current_password: 'right-pass' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.confirm).toEqual([]);
    expect(screen.getAllByText(testUser.email).length).toBeGreaterThan(0);
    expect(screen.queryByText(NEW_EMAIL)).not.toBeInTheDocument();
  });

  it('an unchanged e-mail opens no dialog', async () => {
    const sent = serve();
    const { user } = await renderAppAt('/profile', 'Edit Basic Info', { signedInAs: testUser });
    await user.click(screen.getByRole('button', { name: 'Edit Basic Info' }));
    await fill(user, 'First Name', 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ProfileMessages.basicInfoUpdated)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.request).toEqual([]);
  });
});
