import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Routes } from '@rally/contract';
import * as fake from '../../test/fake-teams-sdk';
import { renderApp } from '../../test/render';
import { apiOk, apiUrl, server, testUser } from '../../test/server';
import { buildTeam } from '../../test/team-fixtures';
import { detectTeamsHost } from '../../lib/teams-host';

vi.mock('@microsoft/teams-js', () => import('../../test/fake-teams-sdk'));

// This file's app is the tab's configure page, inside Teams.
beforeAll(async () => {
  Object.assign(fake.host, { answers: true, frameContext: 'settings', theme: 'default' });
  fake.framePage();
  await detectTeamsHost();
});

beforeEach(() => {
  fake.pages.config.setValidityState.mockClear();
  fake.pages.config.setConfig.mockClear();
  server.use(
    http.get(apiUrl(Routes.teams), () =>
      apiOk([buildTeam({ id: 5, name: 'Rowing' }), buildTeam({ id: 8, name: 'Sailing' })]),
    ),
  );
});

const open = () => renderApp('/integrations/teams/tab-config', { signedInAs: testUser });

describe('the Teams tab configure page (in Teams)', () => {
  it('lists the teams as cards; Save is enabled once one is selected and saves its timeline tab', async () => {
    const { user } = open();
    expect(await screen.findByRole('heading', { name: 'Kindly select the team' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Teams' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Rowing', 'Sailing']);
    expect(screen.queryByText(/meant to be opened from Microsoft Teams/)).not.toBeInTheDocument();
    await waitFor(() => expect(fake.pages.config.setValidityState).toHaveBeenLastCalledWith(false));
    expect(fake.pages.config.setValidityState).not.toHaveBeenCalledWith(true);

    const sailing = within(list).getByRole('listitem', { name: 'Sailing' });
    await user.click(within(sailing).getByRole('button', { name: 'Select' }));
    expect(within(sailing).getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(fake.pages.config.setValidityState).toHaveBeenLastCalledWith(true));

    await expect(fake.pressHostSave()).resolves.toBe('success');
    expect(fake.pages.config.setConfig).toHaveBeenCalledWith({
      contentUrl: `${window.location.origin}/engagements/8/timeline`,
      entityId: 'rally-team-8',
      suggestedDisplayName: 'Sailing',
      websiteUrl: `${window.location.origin}/engagements/8/timeline`,
    });
  });

  it('a save the host refuses is reported to the host as a failure', async () => {
    fake.pages.config.setConfig.mockRejectedValueOnce(new Error('refused'));
    const { user } = open();
    const rowing = await screen.findByRole('listitem', { name: 'Rowing' });
    await user.click(within(rowing).getByRole('button', { name: 'Select' }));
    await expect(fake.pressHostSave()).resolves.toBe('failure');
  });

  it('the top bar has no links, the logo is not a link, and there is no navigation', async () => {
    open();
    await screen.findByRole('list', { name: 'Teams' });
    const bar = screen.getByRole('banner');
    expect(within(bar).queryAllByRole('link')).toEqual([]);
    expect(within(bar).getByRole('img', { name: 'Rally' }).closest('a')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('a guest signs in inside the tab and comes back to the configure page', async () => {
    const app = renderApp('/integrations/teams/tab-config');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(new URLSearchParams(app.location().search).get('redirect')).toBe('/integrations/teams/tab-config');
  });
});
