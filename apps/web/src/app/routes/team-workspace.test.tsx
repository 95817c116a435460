import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Routes, Messages, type LevelOfEngagementDto, type TeamDto, type TeamProfileDto } from '@rally/contract';
import { subscriptionQuery } from '../../features/billing/api/get-subscription';
import { renderApp } from '../../test/render';
import { apiOk, apiUrl, server, testUser } from '../../test/server';
import { buildMember, buildTeam, serveSubscription } from '../../test/team-fixtures';

const LEVELS: LevelOfEngagementDto[] = [1, 2, 3, 4].map((id) => ({
  id,
  name: ['Spark', 'Momentum', 'Flow', 'Peak'][id - 1]!,
  description: `Level ${id} description`,
  media: `/static/levels/level-${id}.svg`,
}));

function serveTeam(team: TeamDto | null, { name = team?.name ?? '' } = {}) {
  const profile: TeamProfileDto = {
    id: team?.id ?? 0,
    name,
    avatar: null,
    level_of_engagement: LEVELS[0]!,
    first_steps: null,
  };
  const members = [
    buildMember({ id: testUser.id, first_name: 'Ada', last_name: 'Lovelace', role_id: team?.role_id ?? 2 }),
    buildMember({ id: 31, first_name: 'Mia', last_name: 'Member' }),
  ];
  // The card count and the members list agree, as they do on the server.
  const listed = team && { ...team, users_count: members.length };
  server.use(
    http.get(apiUrl(Routes.teams), () => apiOk(listed ? [listed] : [])),
    http.get(apiUrl(Routes.teamMembers, { id: 5 }), () => apiOk(members)),
    http.get(apiUrl(Routes.teamProfile, { id: 5 }), () => apiOk(profile)),
    http.get(apiUrl(Routes.levelsOfEngagement), () => apiOk(LEVELS)),
    http.get(apiUrl(Routes.teamLevelOfEngagement, { id: 5 }), () => apiOk(LEVELS[0])),
    http.get(apiUrl(Routes.teamPush, { id: 5 }), () => apiOk({ team_id: 5, enabled: true })),
  );
}

const open = (url: string) => renderApp(url, { signedInAs: testUser });

async function openDrawer(user: ReturnType<typeof open>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open navigation' }));
  return screen.findByRole('navigation', { name: 'Main navigation' });
}

beforeEach(() => sessionStorage.clear());

describe('team workspace', () => {
  // The bare team path opens the timeline: app/routes/timeline-page.test.tsx.
  it('Engagement Information is titled with the team name', async () => {
    serveTeam(buildTeam({ id: 5, name: 'Rowing' }));
    open('/engagements/5/info');
    expect(await screen.findByRole('tab', { name: 'Members (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Engagement Options' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(crumbs).toHaveTextContent('Rowing');
    expect(crumbs).toHaveTextContent('Engagement Information');
    expect(screen.getByRole('banner')).toHaveTextContent('Rowing');
  });

  it('/teams/{id}/info shows the same page', async () => {
    serveTeam(buildTeam({ id: 5, name: 'Rowing' }));
    open('/teams/5/info');
    expect(await screen.findByRole('tab', { name: 'Members (2)' })).toBeInTheDocument();
  });

  it('a team the user is not in (empty answer) redirects to /', async () => {
    serveTeam(null);
    const app = open('/engagements/5/info');
    await screen.findByText("You don't have any teams.");
    expect(app.location().pathname).toBe('/');
  });

  it.each([
    ['a coach with role 2', true, 2, true],
    ['a coach with role 3', true, 3, false],
    ['a member-plan owner', false, 2, false],
  ])('Invite Members in the drawer, for %s (coach %s, role %i): shown %s', async (_label, coach, role, shown) => {
    if (!coach) serveSubscription({ name: 'Free', title: 'Member' });
    serveTeam(buildTeam({ id: 5, name: 'Rowing', role_id: role }));
    const { user, queryClient } = open('/engagements/5/info');
    await screen.findByRole('tab', { name: 'Members (2)' });
    // Decide only once the plan is known, so a hidden button is not just a plan still loading.
    await waitFor(() => expect(queryClient.getQueryState(subscriptionQuery().queryKey)?.status).toBe('success'));
    await openDrawer(user);
    const drawer = screen.getByRole('presentation');
    expect(within(drawer).getByText('Engagement Information')).toBeInTheDocument();
    expect(Boolean(within(drawer).queryByRole('button', { name: 'Invite Members' }))).toBe(shown);
    if (shown) {
      await user.click(within(drawer).getByRole('button', { name: 'Invite Members' }));
      expect(await screen.findByRole('heading', { name: 'Invite Team Members' })).toBeInTheDocument();
      // The drawer closed behind the dialog.
      await waitFor(() =>
        expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument(),
      );
    }
  });

  it.each([
    ['the Super Admin', 2, true, true],
    ['an Admin (the card offers it, the sidebar does not)', 3, true, false],
    ['the Super Admin without the Coach plan', 2, false, false],
    ['a member', 4, true, false],
  ])(
    'the right sidebar for %s (role %i, coach %s): Inspiration; Invite Members shown %s',
    async (_label, role, coach, shown) => {
      if (!coach) serveSubscription({ name: 'Free', title: 'Member' });
      serveTeam(buildTeam({ id: 5, name: 'Rowing', role_id: role }));
      const { user, queryClient } = open('/engagements/5/info');
      await screen.findByRole('tab', { name: 'Members (2)' });
      await waitFor(() => expect(queryClient.getQueryState(subscriptionQuery().queryKey)?.status).toBe('success'));
      // Everyone has the sidebar (the Inspiration card is for every member); Invite Members only role 2.
      await user.click(screen.getByRole('button', { name: 'Team sidebar' }));
      const sidebar = await screen.findByRole('dialog', { name: 'Team sidebar' });
      expect(sidebar).toHaveTextContent('Rowing');
      // The panels are a chunk of their own: they arrive a moment after the sidebar.
      expect(await within(sidebar).findByRole('heading', { name: 'Inspiration from today' })).toBeInTheDocument();
      expect(Boolean(within(sidebar).queryByRole('button', { name: 'Invite Members' }))).toBe(shown);
      if (!shown) return;
      await user.click(within(sidebar).getByRole('button', { name: 'Invite Members' }));
      expect(await screen.findByRole('heading', { name: 'Invite Team Members' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Team sidebar' })).not.toBeInTheDocument());
    },
  );
});

describe('Engagement Options', () => {
  async function openOptions(role: number) {
    serveTeam(buildTeam({ id: 5, name: 'Rowing', role_id: role }));
    const app = open('/engagements/5/info');
    await app.user.click(await screen.findByRole('tab', { name: 'Engagement Options' }));
    await screen.findByRole('button', { name: 'Level of Engagement' });
    return app;
  }

  it("every member sees the team's push switch with its state", async () => {
    await openOptions(4);
    expect(await screen.findByRole('switch', { name: 'Push notifications from this team' })).toBeChecked();
  });

  it('a member sees no editors and no Delete Coaching, but may view the levels', async () => {
    const { user } = await openOptions(4);
    expect(screen.queryByRole('button', { name: 'Delete Coaching' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Picture' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Level of Engagement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level of Engagement' });
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(4);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('an admin edits the name and picture, but may not delete (the owner alone) and only views the levels', async () => {
    const { user } = await openOptions(3);
    expect(screen.getByRole('button', { name: 'Edit Name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Picture' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Coaching' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Level of Engagement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level of Engagement' });
    await within(dialog).findAllByRole('listitem');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('the Super Admin changes the level of engagement', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.setTeamLevelOfEngagement, { id: 5 }), async ({ request }) => {
        body = await request.json();
        return apiOk(LEVELS[2], Messages.levelUpdated);
      }),
    );
    const { user } = await openOptions(2);
    await user.click(screen.getByRole('button', { name: 'Level of Engagement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level of Engagement' });
    await user.click(await within(dialog).findByRole('button', { name: /Flow/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Messages.levelUpdated)).toBeInTheDocument();
    expect(body).toEqual({ level_of_engagement_id: 3 });
  });

  it('renaming sends the name and confirms', async () => {
    const sent = vi.fn();
    server.use(
      http.post(apiUrl(Routes.updateTeamProfile, { id: 5 }), async ({ request }) => {
        const form = await request.formData();
        sent(form.get('name'));
        return apiOk(
          { id: 5, name: 'Rowing Club', avatar: null, level_of_engagement: LEVELS[0] },
          Messages.teamNameUpdated,
        );
      }),
    );
    const { user } = await openOptions(2);
    await user.click(screen.getByRole('button', { name: 'Edit Name' }));
    const field = await screen.findByLabelText('Engagement Name');
    await user.clear(field);
    await user.paste('Rowing Club');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Team name updated successfully.')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledWith('Rowing Club');
  });

  it('Delete Coaching asks first, then deletes and goes to /engagements', async () => {
    const deleted = vi.fn();
    server.use(http.delete(apiUrl(Routes.deleteTeam, { id: 5 }), () => (deleted(), apiOk(null, Messages.teamDeleted))));
    const app = await openOptions(2);
    await app.user.click(screen.getByRole('button', { name: 'Delete Coaching' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Coaching Confirmation' });
    expect(dialog).toHaveTextContent('Do you want to delete this coaching, kindly confirm.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(app.location().pathname).toBe('/engagements'));
    expect(deleted).toHaveBeenCalledOnce();
  });

  it('Undo in the snackbar after Delete Coaching restores the engagement', async () => {
    const restored = vi.fn();
    server.use(
      http.delete(apiUrl(Routes.deleteTeam, { id: 5 }), () => apiOk(null, Messages.teamDeleted)),
      http.post(
        apiUrl(Routes.restoreTeam, { id: 5 }),
        () => (restored(), apiOk(buildTeam({ id: 5 }), Messages.teamRestored)),
      ),
    );
    const app = await openOptions(2);
    await app.user.click(screen.getByRole('button', { name: 'Delete Coaching' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Coaching Confirmation' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(Messages.teamDeleted)).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/engagements'));
    // Once the confirmation has faded out, the snackbar is no longer hidden behind it.
    await app.user.click(await screen.findByRole('button', { name: Messages.undo }));
    expect(await screen.findByText(Messages.teamRestored)).toBeInTheDocument();
    expect(restored).toHaveBeenCalledOnce();
  });
});
