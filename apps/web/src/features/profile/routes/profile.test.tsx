import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Messages, Routes, ProfileMessages } from '@rally/contract';
import { expectFieldError, fill } from '../../../test/helpers';
import { renderAppAt } from '../../../test/render';
import { apiOk, apiUrl, emptyProfile, server, testUser } from '../../../test/server';

const me = { ...testUser, profile: { ...emptyProfile, about_me: 'I like rowing at dawn.', location: 'Lisbon' } };
const mate = {
  id: 42,
  first_name: 'Max',
  last_name: 'Mate',
  full_name: 'Max Mate',
  email: null,
  avatar: null,
  profile: { ...emptyProfile, about_me: 'Teammate text here.', working_hours_start: '09:00' },
};

function serveProfiles({ geocoder = false } = {}) {
  server.use(
    http.get(apiUrl(Routes.geocoder), () => apiOk({ enabled: geocoder })),
    http.get(apiUrl(Routes.profile), () => apiOk(me)),
    http.get(apiUrl(Routes.userProfile, { id: 42 }), () => apiOk(mate)),
    http.get(apiUrl(Routes.moods), () => apiOk([])),
  );
}

describe('own profile', () => {
  it('About Me: edit, cancel resets, validation, update shows the success message', async () => {
    serveProfiles();
    let sent: unknown;
    server.use(
      http.post(apiUrl(Routes.updateAboutMe), async ({ request }) => {
        sent = await request.json();
        return apiOk(
          { ...me, profile: { ...me.profile, about_me: 'A brand new story.' } },
          ProfileMessages.aboutMeUpdated,
        );
      }),
    );
    const { user } = await renderAppAt('/profile', 'Edit About Me', { signedInAs: testUser });
    expect(screen.getByText('I like rowing at dawn.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit About Me' }));
    await fill(user, 'About Me', 'changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('I like rowing at dawn.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit About Me' }));
    expect(screen.getByLabelText('About Me')).toHaveValue('I like rowing at dawn.');
    await fill(user, 'About Me', 'short');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expectFieldError('About Me', ProfileMessages.aboutMeMin));
    expect(sent).toBeUndefined();

    await fill(user, 'About Me', 'A brand new story.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ProfileMessages.aboutMeUpdated)).toBeInTheDocument();
    expect(sent).toEqual({ about_me: 'A brand new story.' });
    expect(screen.getByText('A brand new story.')).toBeInTheDocument();
  });

  it('Basic Info: required fields, then the bio call with names and e-mail', async () => {
    serveProfiles();
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post(apiUrl(Routes.updateBio), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return apiOk({ ...me, first_name: 'Augusta' }, ProfileMessages.basicInfoUpdated);
      }),
    );
    const { user } = await renderAppAt('/profile', 'Edit Basic Info', { signedInAs: testUser });
    await user.click(screen.getByRole('button', { name: 'Edit Basic Info' }));
    await fill(user, 'First Name', '');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expectFieldError('First Name', Messages.fieldRequired));

    await fill(user, 'First Name', 'Augusta');
    await fill(user, 'Phone', '+351 21 000');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ProfileMessages.basicInfoUpdated)).toBeInTheDocument();
    expect(sent).toMatchObject({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      email: testUser.email,
      phone: '+351 21 000',
      location: 'Lisbon',
    });
    expect(sent).not.toHaveProperty('working_hours_start');
  });

  it('Basic Info with a geocoder: the location suggests places (through the server) and stores where it is', async () => {
    serveProfiles({ geocoder: true });
    const asked: string[] = [];
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get(apiUrl(Routes.geocode), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return apiOk([
          { label: 'Porto, Portugal', lat: 41.15, lng: -8.61 },
          { label: 'Porto Alegre, Brazil', lat: -30.03, lng: -51.23 },
        ]);
      }),
      http.post(apiUrl(Routes.updateBio), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return apiOk(me, ProfileMessages.basicInfoUpdated);
      }),
    );
    const { user } = await renderAppAt('/profile', 'Edit Basic Info', { signedInAs: testUser });
    await user.click(screen.getByRole('button', { name: 'Edit Basic Info' }));
    const field = await screen.findByRole('combobox', { name: 'Location' });
    expect(field).toHaveValue('Lisbon');
    await user.clear(field);
    await user.type(field, 'Porto');
    await user.click(await screen.findByRole('option', { name: 'Porto, Portugal' }));
    expect(field).toHaveValue('Porto, Portugal');
    // Looked up once the typing settled, not once per key.
    expect(asked).toEqual(['Porto']);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ProfileMessages.basicInfoUpdated)).toBeInTheDocument();
    expect(sent).toMatchObject({ location: 'Porto, Portugal', geo_location: { lat: 41.15, lng: -8.61 } });
  });

  it('Basic Info without a geocoder: the location is a plain text field', async () => {
    serveProfiles();
    const { user } = await renderAppAt('/profile', 'Edit Basic Info', { signedInAs: testUser });
    await user.click(screen.getByRole('button', { name: 'Edit Basic Info' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Location' })).toHaveValue('Lisbon'));
    expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument();
  });

  it('Availablity Hours: shows the default hours and sends hours with the time zone', async () => {
    serveProfiles();
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post(apiUrl(Routes.updateBio), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return apiOk(me, ProfileMessages.availabilityUpdated);
      }),
    );
    const { user } = await renderAppAt('/profile', 'Edit Basic Info', { signedInAs: testUser });
    await user.click(screen.getByRole('tab', { name: 'Availablity Hours' }));
    expect(screen.getAllByText('08:00 – 17:00')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Edit Availablity Hours' }));
    // The zones read as offset and city, found by typing (not a list of ids).
    const zone = await screen.findByRole('combobox', { name: 'Time Zone' });
    await user.type(zone, 'Lisbon');
    await user.click(await screen.findByRole('option', { name: /^\(UTC[+-]\d\d:\d\d\) Lisbon/ }));
    expect((zone as HTMLInputElement).value).toMatch(/^\(UTC\+0[01]:00\) Lisbon$/);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(ProfileMessages.availabilityUpdated)).toBeInTheDocument();
    expect(sent).toMatchObject({
      working_hours_start: '08:00',
      personal_hours_end: '17:00',
      timezone: 'Europe/Lisbon',
    });
    expect(sent).not.toHaveProperty('phone');
  });
});

describe("another user's profile", () => {
  it('is read-only: no edit buttons, no picture buttons, no Change Password tab, no e-mail', async () => {
    serveProfiles();
    await renderAppAt('/profile/42', 'Profile sections', { signedInAs: testUser }).catch(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Max Mate' })).toBeInTheDocument();
    expect(screen.getByText('Teammate text here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change avatar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change cover' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Fun Pics' })).toBeInTheDocument();
    expect(screen.queryByText('Email')).not.toBeInTheDocument();
  });
});
