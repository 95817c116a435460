import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages, Routes, type DeletedTeamDto } from '@rally/contract';
import { renderApp } from '../../../test/render';
import { apiError, apiOk, apiUrl, server, testUser } from '../../../test/server';
import { buildTeam } from '../../../test/team-fixtures';

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
