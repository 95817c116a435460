import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortfolioMessages, Routes, type PortfolioSettingsInput, type TeamDto } from '@rally/contract';
import { fromDateOf } from '../../../components/time-filter';
import { expectFieldError, windowOfWidth } from '../../../test/helpers';
import { renderApp } from '../../../test/render';
import { apiError, apiOk, apiUrl, server, testUser } from '../../../test/server';
import { buildTeam } from '../../../test/team-fixtures';
import { viewerTimeZone } from '../../../lib/time-zone';
import { buildRow, defaultSettings, serveNotALead, servePortfolio, threeTeams } from './fixtures';

const open = (url: string) => renderApp(url, { signedInAs: testUser });

function serveTeams(list: TeamDto[]) {
  let asked = 0;
  server.use(http.get(apiUrl(Routes.teams), () => ((asked += 1), apiOk(list))));
  return () => asked;
}

/** The team names of the table's rows, top to bottom. */
const tableOrder = () =>
  within(screen.getByRole('table', { name: 'Teams you lead' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]!.textContent);

const cardOrder = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('/portfolio on a desktop', () => {
  beforeEach(() => vi.stubGlobal('matchMedia', windowOfWidth(1366)));
  afterEach(() => vi.unstubAllGlobals());

  it("lists each team with its facts; the flagged one wears a badge and says why; under the floor '—'", async () => {
    const asked = servePortfolio(threeTeams());
    open('/portfolio');
    const table = await screen.findByRole('table', { name: 'Teams you lead' });
    expect(screen.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeInTheDocument();
    expect(tableOrder()).toEqual(['Archery', 'Chess', 'Rowing']);
    // The period and time zone exactly as the check-in statistics send them: 30 Days first.
    expect(asked[0]?.get('from_date')).toBe(fromDateOf('30'));
    expect(asked[0]?.get('tz')).toBe(viewerTimeZone() ?? null);

    const chess = within(table).getByRole('link', { name: 'Chess' }).closest('tr')!;
    expect(within(chess).getByText(PortfolioMessages.needsAttention)).toBeInTheDocument();
    expect(chess).toHaveTextContent(
      'Happiness fell 12 points, from 70% to 58% and no post or check-in answer for 9 days.',
    );
    expect(chess).toHaveTextContent('58%');
    expect(chess).toHaveTextContent('−12');
    expect(within(chess).getByText('down 12 points on the previous period')).toBeInTheDocument();
    expect(chess).toHaveTextContent('3 open');
    expect(within(chess).getByText('2 overdue')).toBeInTheDocument();
    expect(chess).toHaveTextContent('9 days ago');
    expect(within(chess).getByRole('img', { name: 'Activity over 30 days: 60 in all' })).toBeInTheDocument();

    const rowing = within(table).getByRole('link', { name: 'Rowing' }).closest('tr')!;
    expect(rowing).toHaveTextContent('+5');
    expect(within(rowing).queryByText(PortfolioMessages.needsAttention)).not.toBeInTheDocument();

    const archery = within(table).getByRole('link', { name: 'Archery' }).closest('tr')!;
    const floor = within(archery).getByRole('img', { name: 'Fewer than 3 answers' });
    expect(floor).toHaveTextContent('—');
    // No slideshow asked: '—' with its reason too.
    expect(within(archery).getByRole('img', { name: 'No slideshow asked in this period' })).toHaveTextContent('—');
  });

  it('sorts by a column, its header saying which way (aria-sort); nothing to count sorts last', async () => {
    servePortfolio(threeTeams());
    const { user } = open('/portfolio');
    await screen.findByRole('table', { name: 'Teams you lead' });
    expect(header('Team')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Happiness' }));
    expect(header('Happiness')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Team')).not.toHaveAttribute('aria-sort');
    expect(tableOrder()).toEqual(['Chess', 'Rowing', 'Archery']);

    await user.click(screen.getByRole('button', { name: 'Happiness' }));
    expect(header('Happiness')).toHaveAttribute('aria-sort', 'descending');
    expect(tableOrder()).toEqual(['Rowing', 'Chess', 'Archery']);

    await user.click(screen.getByRole('button', { name: 'Check-in responses' }));
    expect(header('Check-in responses')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('filters to the teams that need attention, and asks again for another period', async () => {
    const asked = servePortfolio(threeTeams());
    const app = open('/portfolio');
    await screen.findByRole('table', { name: 'Teams you lead' });
    await app.user.click(screen.getByRole('switch', { name: 'Needs attention (1)' }));
    expect(tableOrder()).toEqual(['Chess']);
    expect(app.url()).toContain('attention=1');

    await app.user.click(screen.getByRole('combobox', { name: 'Period' }));
    await app.user.click(await screen.findByRole('option', { name: 'All Time' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]?.has('from_date')).toBe(false);
    expect(asked[1]?.has('tz')).toBe(false);
    expect(screen.getByText(/With All Time, a team needs attention by its last 30 days/)).toBeInTheDocument();
  });

  it('says so when no team needs attention', async () => {
    servePortfolio([buildRow({ id: 1, name: 'Rowing' })]);
    const { user } = open('/portfolio');
    await user.click(await screen.findByRole('switch', { name: 'Needs attention (0)' }));
    expect(await screen.findByText(PortfolioMessages.noneFlagged)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("opens a team's timeline from its name, and from anywhere on its row", async () => {
    servePortfolio(threeTeams());
    const app = open('/portfolio');
    const table = await screen.findByRole('table', { name: 'Teams you lead' });
    const chess = within(table).getByRole('link', { name: 'Chess' }).closest('tr')!;
    await app.user.click(within(chess).getByText('20%'));
    expect(app.location().pathname).toBe('/engagements/2/timeline');

    app.unmount();
    const again = open('/portfolio');
    await again.user.click(await screen.findByRole('link', { name: 'Rowing' }));
    expect(again.location().pathname).toBe('/engagements/1/timeline');
  });

  it('says when the user leads no engagement yet', async () => {
    servePortfolio([]);
    open('/portfolio');
    expect(await screen.findByText(PortfolioMessages.empty)).toBeInTheDocument();
  });

  it('tells a user who leads no team what the page is for (the server answers 403)', async () => {
    serveNotALead();
    open('/portfolio');
    expect(await screen.findByText(PortfolioMessages.notALead)).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Engagements' })).toHaveAttribute(
      'href',
      '/engagements',
    );
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('/portfolio on a phone', () => {
  it('shows each team as a card with the same facts, sorted with a select', async () => {
    servePortfolio(threeTeams());
    const { user } = open('/portfolio');
    const chess = await screen.findByRole('article', { name: 'Chess' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cardOrder()).toEqual(['Archery', 'Chess', 'Rowing']);
    expect(within(chess).getByText(PortfolioMessages.needsAttention)).toBeInTheDocument();
    expect(chess).toHaveTextContent('no post or check-in answer for 9 days');
    expect(chess).toHaveTextContent('Check-in responses75%');
    expect(within(chess).getByRole('img', { name: 'Activity over 30 days: 60 in all' })).toBeInTheDocument();
    // No hover on a phone: the reason for '—' is written out.
    expect(screen.getByRole('article', { name: 'Archery' })).toHaveTextContent('— Fewer than 3 answers');

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Happiness' }));
    expect(cardOrder()).toEqual(['Chess', 'Rowing', 'Archery']);
    await user.click(screen.getByRole('combobox', { name: 'Order' }));
    await user.click(await screen.findByRole('option', { name: 'Descending' }));
    expect(cardOrder()).toEqual(['Rowing', 'Chess', 'Archery']);

    await user.click(screen.getByRole('switch', { name: 'Needs attention (1)' }));
    expect(cardOrder()).toEqual(['Chess']);
  });
});

describe('the Portfolio link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is in the top bar and the drawer of a user who leads a team', async () => {
    vi.stubGlobal('matchMedia', windowOfWidth(1366));
    serveTeams([buildTeam({ id: 1, name: 'Rowing', role_id: 3 })]);
    open('/engagements');
    const top = await screen.findByRole('navigation', { name: 'Top navigation' });
    expect(await within(top).findByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
    const drawer = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(drawer).getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
  });

  it('is not there for a user who only takes part', async () => {
    vi.stubGlobal('matchMedia', windowOfWidth(1366));
    const asked = serveTeams([buildTeam({ id: 1, name: 'Rowing', role_id: 4 })]);
    open('/engagements');
    await screen.findByRole('article', { name: 'Rowing' });
    expect(asked()).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'Top navigation' })).toHaveTextContent('Engagements');
    expect(screen.queryByRole('link', { name: 'Portfolio' })).not.toBeInTheDocument();
  });

  it('is not there for the owner of a personal team only (the portfolio lists engagements)', async () => {
    vi.stubGlobal('matchMedia', windowOfWidth(1366));
    serveTeams([buildTeam({ id: 1, name: 'My Notes', role_id: 2, is_personal: true })]);
    open('/engagements');
    await screen.findByRole('article', { name: 'My Notes' });
    expect(screen.queryByRole('link', { name: 'Portfolio' })).not.toBeInTheDocument();
  });
});

/** Clicks Save once the form has checked the change (the contract's schemas load at the first check). */
async function saveWhenReady(user: UserEvent) {
  const save = screen.getByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).toBeEnabled());
  await user.click(save);
}

describe('Settings: Portfolio', () => {
  /** The fake API's settings; a PUT merges its body in and records it. */
  function serveSettings(answer?: () => Response) {
    let settings = defaultSettings();
    const bodies: PortfolioSettingsInput[] = [];
    server.use(
      http.get(apiUrl(Routes.portfolioSettings), () => apiOk(settings)),
      http.put(apiUrl(Routes.updatePortfolioSettings), async ({ request }) => {
        const body = (await request.json()) as PortfolioSettingsInput;
        bodies.push(body);
        if (answer) return answer();
        settings = {
          ...settings,
          rules: { ...settings.rules, ...body.rules },
          digest: { ...settings.digest, ...body.digest },
        };
        return apiOk(settings);
      }),
    );
    return bodies;
  }

  async function openSettings() {
    serveTeams([buildTeam({ id: 1, name: 'Rowing', role_id: 2 })]);
    const app = open('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Portfolio' });
    await screen.findByLabelText('Quiet for at least');
    return app;
  }

  it('saves only what changed and says so', async () => {
    const bodies = serveSettings();
    const { user } = await openSettings();
    expect(screen.getByText(/in your time zone, Europe\/Paris/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Weekly digest e-mail' })).toBeChecked();

    const quiet = screen.getByLabelText('Quiet for at least');
    await user.clear(quiet);
    await user.type(quiet, '14');
    await user.click(screen.getByRole('switch', { name: 'Low participation' }));
    expect(screen.getByLabelText('Participation under')).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Day' }));
    await user.click(await screen.findByRole('option', { name: 'Friday' }));
    await saveWhenReady(user);

    expect(await screen.findByText(PortfolioMessages.settingsSaved)).toBeInTheDocument();
    expect(bodies).toEqual([{ rules: { quiet: 14, low_participation: null }, digest: { day: 5 } }]);
    // Saved: nothing left to send.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());

    // Switched back on, the rule finds its threshold again.
    await user.click(screen.getByRole('switch', { name: 'Low participation' }));
    expect(screen.getByLabelText('Participation under')).toHaveValue(40);
  });

  it('checks a threshold against its bounds before sending', async () => {
    const bodies = serveSettings();
    const { user } = await openSettings();
    const quiet = screen.getByLabelText('Quiet for at least');
    await user.clear(quiet);
    await user.type(quiet, '500');
    await waitFor(() => expectFieldError('Quiet for at least', PortfolioMessages.thresholdRange(1, 90)));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => undefined);
    expect(bodies).toEqual([]);
  });

  it("shows the server's error at its field (422)", async () => {
    const message = 'Choose fewer days.';
    serveSettings(() => apiError(422, 'The given data was invalid.', { 'rules.quiet': [message] }) as Response);
    const { user } = await openSettings();
    const quiet = screen.getByLabelText('Quiet for at least');
    await user.clear(quiet);
    await user.type(quiet, '30');
    await saveWhenReady(user);
    await waitFor(() => expectFieldError('Quiet for at least', message));
    expect(screen.queryByText(PortfolioMessages.settingsSaved)).not.toBeInTheDocument();
  });

  it('is not offered to a user who leads no team', async () => {
    const asked = serveTeams([buildTeam({ id: 1, name: 'Rowing', role_id: 4 })]);
    let settingsAsked = 0;
    server.use(http.get(apiUrl(Routes.portfolioSettings), () => ((settingsAsked += 1), HttpResponse.json({}))));
    open('/settings');
    await screen.findByRole('heading', { level: 2, name: 'Plan Details' });
    await waitFor(() => expect(asked()).toBeGreaterThan(0));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('heading', { name: 'Portfolio' })).not.toBeInTheDocument();
    expect(settingsAsked).toBe(0);
  });
});
