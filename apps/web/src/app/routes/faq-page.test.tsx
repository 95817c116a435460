import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Routes } from '@rally/contract';
import { renderApp } from '../../test/render';
import { apiOk, apiUrl, server, testUser } from '../../test/server';
import { serveRealtime } from '../../test/post-fixtures';
import { buildTeam } from '../../test/team-fixtures';

const SECTIONS = ['Recognition', 'Announcements', 'Slideshow', 'Engagement video', 'Bright ideas'];

function openFaq() {
  serveRealtime();
  server.use(http.get(apiUrl(Routes.teams), () => apiOk([buildTeam({ id: 5, name: 'Rowing', role_id: 4 })])));
  return renderApp('/engagements/5/FAQ', { signedInAs: testUser });
}

describe('FAQ page', () => {
  it('explains recognition, announcements, slideshow, engagement video and bright ideas, one section each', async () => {
    openFaq();
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections.map((s) => SECTIONS.find((name) => s?.startsWith(name)))).toEqual(SECTIONS);
  });

  it('shows the team name, then FAQ, as its breadcrumbs', async () => {
    openFaq();
    const crumbs = await screen.findByRole('navigation', { name: 'breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Rowing' })).toHaveAttribute('href', '/engagements/5/timeline');
    expect(crumbs).toHaveTextContent(/Rowing.*FAQ/);
  });

  it('opens one section at a time; recognition first, with a link to the wall of fame', async () => {
    const { user } = openFaq();
    const recognition = await screen.findByRole('button', { name: /^Recognition/ });
    expect(recognition).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Wall of Fame' })).toHaveAttribute('href', '/engagements/5/wall-of-fame');

    const ideas = screen.getByRole('button', { name: /^Bright ideas/ });
    await user.click(ideas);
    expect(ideas).toHaveAttribute('aria-expanded', 'true');
    expect(recognition).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('What is a bright idea?')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Bright Ideas' })).toHaveAttribute('href', '/engagements/5/bright-ideas');
  });
});
