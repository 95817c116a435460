import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages, Routes, type DeletedTeamDto } from '@rally/contract';
import { useLocation } from 'react-router';
import { realtime } from '../../../lib/realtime';
import { sessionStore } from '../../../lib/session-storage';
import { serveRealtime } from '../../../test/post-fixtures';
import { renderApp } from '../../../test/render';
import { apiError, apiOk, apiUrl, server, testUser } from '../../../test/server';
import { buildTeam, renderWithProviders } from '../../../test/team-fixtures';
import { LiveTeams, isTeamPath } from './live-teams';

const deletedTeam = (over: Partial<DeletedTeamDto> = {}): DeletedTeamDto => ({
  id: 8,
  name: 'Old Rowing',
  avatar: null,
  is_personal: false,
  deleted_at: '2026-11-20T10:00:00.000Z',
  restorable_until: '2026-12-20T10:00:00.000Z',
  days_left: 24,
  ...over,
});

/** The deleted list as the API keeps it: a restore takes the team out of it and into the teams. */
function serveDeleted(initial: DeletedTeamDto[]) {
  let deleted = initial;
  let teams: ReturnType<typeof buildTeam>[] = [];
  const restored = vi.fn();
  server.use(
    http.get(apiUrl(Routes.deletedTeams), () => apiOk(deleted)),
    http.get(apiUrl(Routes.teams), () => apiOk(teams)),
    http.post(apiUrl(Routes.restoreTeam, { id: 8 }), () => {
      restored();
      const team = buildTeam({ id: 8, name: 'Old Rowing', role_id: 2 });
      deleted = deleted.filter((x) => x.id !== 8);
      teams = [team];
      return apiOk(team, Messages.teamRestored);
    }),
  );
  return restored;
}

beforeEach(() => sessionStorage.clear());

describe('Deleted engagements', () => {
  it('is not shown while the user has none', async () => {
    renderApp('/engagements', { signedInAs: testUser });
    await screen.findByText('Currently you do not have any teams');
    expect(screen.queryByRole('heading', { name: Messages.deletedEngagements })).not.toBeInTheDocument();
  });

  it('on /engagements: lists the owner’s deleted teams with the days left; Restore brings one back', async () => {
    const restored = serveDeleted([deletedTeam(), deletedTeam({ id: 9, name: 'Older Chess', days_left: 1 })]);
    const app = renderApp('/engagements', { signedInAs: testUser });
    const section = (await screen.findByRole('heading', { name: Messages.deletedEngagements })).closest('section')!;
    expect(section).toHaveTextContent(Messages.deletedEngagementsHint);
    expect(within(section).getByText('Old Rowing')).toBeInTheDocument();
    expect(within(section).getByText('24 days left to restore')).toBeInTheDocument();
    expect(within(section).getByText('Last day to restore')).toBeInTheDocument();

    const rows = within(section).getAllByRole('listitem');
    await app.user.click(within(rows[0]!).getByRole('button', { name: Messages.restore }));
    expect(await screen.findByText(Messages.teamRestored)).toBeInTheDocument();
    expect(restored).toHaveBeenCalledOnce();
    // The team is back among the cards and gone from the deleted ones.
    expect(await screen.findByRole('article', { name: 'Old Rowing' })).toBeInTheDocument();
    await waitFor(() => expect(within(section).queryByText('24 days left to restore')).not.toBeInTheDocument());
  });

  it('on /settings too, below the plans; a refused restore says why', async () => {
    serveDeleted([deletedTeam()]);
    server.use(http.post(apiUrl(Routes.restoreTeam, { id: 8 }), () => apiError(410, Messages.restoreWindowOver)));
    const app = renderApp('/settings', { signedInAs: testUser });
    const section = (await screen.findByRole('heading', { name: Messages.deletedEngagements })).closest('section')!;
    expect(screen.getByText('Plan Details')).toBeInTheDocument();
    await app.user.click(within(section).getByRole('button', { name: Messages.restore }));
    expect(await screen.findByText(Messages.restoreWindowOver)).toBeInTheDocument();
  });
});

describe('an engagement deleted while a member looks at it', () => {
  let gateway: ReturnType<typeof serveRealtime>;
  beforeEach(() => {
    gateway = serveRealtime();
    sessionStore.signIn({ token: 'test-token', user: { ...testUser } } as never);
  });
  afterEach(() => realtime.stop());

  function Where() {
    return <output aria-label="where">{useLocation().pathname}</output>;
  }

  it('takes them to /engagements and says why; elsewhere only the lists refresh', async () => {
    const { queryClient } = renderWithProviders(
      <>
        <LiveTeams />
        <Where />
      </>,
      { url: '/engagements/5/timeline' },
    );
    await waitFor(() => expect(gateway.connected()).toBe(1));
    const refetch = vi.spyOn(queryClient, 'invalidateQueries');

    gateway.send({ type: 'team.deleted', user_id: testUser.id, deleted_team_id: 6 }); // another team
    await waitFor(() => expect(refetch).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/engagements/5/timeline');

    gateway.send({ type: 'team.deleted', user_id: testUser.id, deleted_team_id: 5 });
    expect(await screen.findByText(Messages.teamGone)).toBeInTheDocument();
    // The navigation may render a moment after the snackbar.
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent(/^\/engagements$/));
  });

  it('knows the team’s screens', () => {
    expect(isTeamPath('/engagements/5/timeline', 5)).toBe(true);
    expect(isTeamPath('/teams/5/info', 5)).toBe(true);
    expect(isTeamPath('/engagements/5', 5)).toBe(true);
    expect(isTeamPath('/engagements/55/timeline', 5)).toBe(false);
    expect(isTeamPath('/engagements', 5)).toBe(false);
  });
});
