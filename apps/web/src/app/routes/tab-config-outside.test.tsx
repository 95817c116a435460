import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Routes } from '@rally/contract';
import { renderApp } from '../../test/render';
import { apiOk, apiUrl, server, testUser } from '../../test/server';
import { buildTeam } from '../../test/team-fixtures';

describe('the Teams tab configure page outside Teams', () => {
  it('is a normal page: the teams listed, Select marks one, a note says where it belongs', async () => {
    server.use(http.get(apiUrl(Routes.teams), () => apiOk([buildTeam({ id: 5, name: 'Rowing' })])));
    const { user } = renderApp('/integrations/teams/tab-config', { signedInAs: testUser });
    expect(await screen.findByRole('heading', { name: 'Kindly select the team' })).toBeInTheDocument();
    expect(screen.getByText(/meant to be opened from Microsoft Teams/)).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'Rowing' });
    await user.click(within(card).getByRole('button', { name: 'Select' }));
    expect(within(card).getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
    // The normal app's top bar: its links, the logo leading home.
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Rally home' })).toHaveAttribute('href', '/');
  });
});
