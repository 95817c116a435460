import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPaths, Messages, type TeamDto } from '@rally/contract';
import { advance } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { apiError, apiOk, apiPath, server, testUser } from '../../test/server';
import { buildInvitation, buildTeam, pagedJson, subscription } from '../../test/team-fixtures';

function serveTeams(list: TeamDto[]) {
  server.use(
    http.get(apiPath(ApiPaths.teams), ({ request }) => {
      const id = new URL(request.url).searchParams.get('team_id');
      return apiOk(id ? list.filter((t) => t.id === Number(id)) : list);
    }),
  );
}

const open = (url: string) => renderApp(url, { signedInAs: testUser });

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('/ and /engagements', () => {
  it('/ says "You don\'t have any teams." when there are none', async () => {
    open('/');
    expect(await screen.findByText("You don't have any teams.")).toBeInTheDocument();
  });

  it('/engagements says "Currently you do not have any teams" when there are none', async () => {
    open('/engagements');
    expect(await screen.findByText('Currently you do not have any teams')).toBeInTheDocument();
  });

  it('lists the teams as cards', async () => {
    serveTeams([buildTeam({ id: 1, name: 'Rowing' }), buildTeam({ id: 2, name: 'Chess' })]);
    open('/engagements');
    expect(await screen.findByRole('article', { name: 'Rowing' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Chess' })).toBeInTheDocument();
  });

  it('an unknown private path goes to /engagements', async () => {
    const app = open('/no/such/page');
    await screen.findByText('Currently you do not have any teams');
    expect(app.location().pathname).toBe('/engagements');
  });
});

describe('Create Engagement', () => {
  async function openCreate() {
    const app = open('/engagements');
    await screen.findByText('Currently you do not have any teams');
    await app.user.click(screen.getByRole('button', { name: 'Create Engagement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Engagement' });
    return { ...app, dialog };
  }

  it('validates the name with the contract rules before sending', async () => {
    const sent = vi.fn();
    server.use(http.post(apiPath(ApiPaths.createTeam), () => (sent(), apiOk(buildTeam()))));
    const { user, dialog } = await openCreate();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(Messages.teamNameRequired)).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Engagement Name'));
    await user.paste('Team #1!');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Only letters, digits and spaces are allowed.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it("shows the server's message for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(http.post(apiPath(ApiPaths.createTeam), () => apiError(403, Messages.needCoachPlan)));
    const { user, dialog } = await openCreate();

    await user.click(within(dialog).getByLabelText('Engagement Name'));
    await user.paste('Rowing Club');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(Messages.needCoachPlan);
    await advance(1_700);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(Messages.needCoachPlan);
    await advance(400);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the new engagement on success', async () => {
    const created = buildTeam({ id: 42, name: 'Rowing Club' });
    let body: unknown;
    let teams: TeamDto[] = [];
    server.use(
      http.post(apiPath(ApiPaths.createTeam), async ({ request }) => {
        body = await request.json();
        teams = [created];
        return apiOk(created, Messages.teamCreated);
      }),
      http.get(apiPath(ApiPaths.teams), ({ request }) => {
        const id = new URL(request.url).searchParams.get('team_id');
        return apiOk(id ? teams.filter((t) => t.id === Number(id)) : teams);
      }),
      http.get(apiPath(ApiPaths.teamMembers(42)), () => apiOk(created.users)),
    );
    const { user, dialog, location } = await openCreate();

    await user.click(within(dialog).getByLabelText('Engagement Name'));
    await user.paste('Rowing Club');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(location().pathname).toBe('/engagements/42/info'));
    expect(body).toEqual({ name: 'Rowing Club' });
    expect(await screen.findByRole('tab', { name: 'Members (1)' })).toBeInTheDocument();
  });

  it('a Member-plan user with a personal team is asked to subscribe instead', async () => {
    server.use(
      http.get(apiPath(ApiPaths.userSubscription), () =>
        apiOk(subscription({ name: 'Free', title: 'Member', stripe_status: 'active' })),
      ),
    );
    serveTeams([buildTeam({ id: 3, name: 'Mine', is_personal: true, role_id: 2 })]);
    const { user } = open('/engagements');
    await screen.findByRole('article', { name: 'Mine' });

    await user.click(screen.getByRole('button', { name: 'Create Engagement' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You need to subscribe to Coach plan to create coaching engagements.');
    expect(screen.queryByLabelText('Engagement Name')).not.toBeInTheDocument();
  });

  it('a Member-plan user without a personal team may create one', async () => {
    server.use(
      http.get(apiPath(ApiPaths.userSubscription), () =>
        apiOk(subscription({ name: 'Free', title: 'Member', stripe_status: 'active' })),
      ),
    );
    serveTeams([buildTeam({ id: 3, name: 'Joined', is_personal: false, role_id: 4 })]);
    const { user } = open('/engagements');
    await screen.findByRole('article', { name: 'Joined' });

    await user.click(screen.getByRole('button', { name: 'Create Engagement' }));
    expect(await screen.findByRole('dialog', { name: 'Create Engagement' })).toBeInTheDocument();
  });

  it('a canceled Coach plan with a personal team is asked to activate', async () => {
    // The app-load dialog for the same state was already seen in this session.
    sessionStorage.setItem(`rally.notice.${testUser.id}.inactive`, '1');
    server.use(http.get(apiPath(ApiPaths.userSubscription), () => apiOk(subscription({ stripe_status: 'canceled' }))));
    serveTeams([buildTeam({ id: 3, name: 'Mine', is_personal: true, role_id: 2 })]);
    const { user } = open('/engagements');
    await screen.findByRole('article', { name: 'Mine' });

    await user.click(screen.getByRole('button', { name: 'Create Engagement' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Your subscription is not active. Kindly activate your subscription plan');
    expect(within(dialog).getByRole('link', { name: 'Activate' })).toHaveAttribute('href', '/paymentMethod/Coach');
  });
});

describe('Join Engagement', () => {
  async function openJoin(url = '/') {
    const app = open(url);
    await screen.findByRole('button', { name: 'Join Engagement' });
    await app.user.click(screen.getByRole('button', { name: 'Join Engagement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join Engagement' });
    return { ...app, dialog };
  }

  it('requires a code of letters, digits and spaces', async () => {
    const { user, dialog } = await openJoin();
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await within(dialog).findByText(Messages.joinCodeRequired)).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Join Code'));
    await user.paste('AB-12');
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await within(dialog).findByText(Messages.lettersDigitsSpaces)).toBeInTheDocument();
  });

  it("an invalid code shows 'The code you provided was invalid' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post(apiPath(ApiPaths.joinTeam), () =>
        apiError(422, Messages.validationFailed, { invitation_code: [Messages.joinCodeInvalid] }),
      ),
    );
    const { user, dialog } = await openJoin();
    await user.click(within(dialog).getByLabelText('Join Code'));
    await user.paste('WRONG1');
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The code you provided was invalid');
    await advance(1_700);
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    await advance(400);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('success goes to /engagements with the refreshed list', async () => {
    const joined = buildTeam({ id: 9, name: 'Choir', role_id: 4 });
    let teams: TeamDto[] = [];
    server.use(
      http.post(apiPath(ApiPaths.joinTeam), () => {
        teams = [joined];
        return apiOk(joined);
      }),
      http.get(apiPath(ApiPaths.teams), () => apiOk(teams)),
    );
    const { user, dialog, location } = await openJoin('/');
    await user.click(within(dialog).getByLabelText('Join Code'));
    await user.paste('ABC123');
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));

    expect(await screen.findByRole('article', { name: 'Choir' })).toBeInTheDocument();
    expect(location().pathname).toBe('/engagements');
  });
});

describe('subscription dialogs on app load', () => {
  it.each([
    ['an inactive plan', subscription({ stripe_status: 'past_due' }), Messages.subscriptionInactive],
    [
      'a trial ending tomorrow',
      subscription({ stripe_status: 'trialing', trail_will_end_tomorrow: true }),
      Messages.trialEndsTomorrow,
    ],
    [
      'a switch to the Member plan',
      subscription({ name: 'Free', title: 'Member', action_performed_by: 2 }),
      Messages.switchedToMember,
    ],
  ])('%s shows its dialog once per session', async (_label, sub, message) => {
    server.use(http.get(apiPath(ApiPaths.userSubscription), () => apiOk(sub)));
    const first = open('/engagements');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(message);
    await first.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    open('/engagements');
    await screen.findByText('Currently you do not have any teams');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an inactive plan offers Activate, to /paymentMethod/Coach', async () => {
    server.use(http.get(apiPath(ApiPaths.userSubscription), () => apiOk(subscription({ stripe_status: 'canceled' }))));
    open('/');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Activate' })).toHaveAttribute('href', '/paymentMethod/Coach');
  });

  it('an active plan shows no dialog', async () => {
    open('/');
    await screen.findByText("You don't have any teams.");
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('side panel', () => {
  it('on small screens opens from the header icon: notifications empty, invites accepted into the list', async () => {
    const invitation = buildInvitation({ id: 1, team: { id: 77, name: 'Choir', avatar: null } });
    let pending = [invitation];
    let teams: TeamDto[] = [];
    server.use(
      http.get(apiPath(ApiPaths.pendingInvitations), () => pagedJson(pending, 1, 20, pending.length)),
      http.post(apiPath(ApiPaths.joinTeam), () => {
        pending = [];
        teams = [buildTeam({ id: 77, name: 'Choir', role_id: 4 })];
        return apiOk(teams[0]);
      }),
      http.get(apiPath(ApiPaths.teams), () => apiOk(teams)),
    );
    const { user } = open('/engagements');
    await screen.findByText('Currently you do not have any teams');
    const icon = screen.getByRole('button', { name: 'Notifications and invites' });
    await waitFor(() => expect(icon).toHaveTextContent('1'));

    await user.click(icon);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(panel).getByRole('tab', { name: 'NOTIFICATION' }));
    expect(within(panel).getByText('No notifications yet.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: /INVITES/ }));
    const item = await within(panel).findByRole('listitem', { name: 'Invitation to Choir' });
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You have accepted your invitation from Choir team')).toBeInTheDocument();
    expect(await within(panel).findByText('There is no invitation')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('article', { name: 'Choir' })).toBeInTheDocument();
  });
});

describe('invitation link', () => {
  it('/engagements?invitation_code=… opens Join Engagement with the code and joins with it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath(ApiPaths.joinTeam), async ({ request }) => {
        bodies.push(await request.json());
        return apiOk(buildTeam({ id: 7, name: 'Rowing' }));
      }),
    );
    const { user, location } = open('/engagements?invitation_code=ABCD2345EFGH');
    const dialog = await screen.findByRole('dialog', { name: 'Join Engagement' });
    expect(within(dialog).getByLabelText('Join Code')).toHaveValue('ABCD2345EFGH');
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(Messages.acceptedInvitation('Rowing'))).toBeInTheDocument();
    expect(bodies).toEqual([{ invitation_code: 'ABCD2345EFGH' }]);
    await waitFor(() => expect(location().search).toBe(''));
  });
});

describe('plan buttons', () => {
  it('/paymentMethod/Coach shows the plans on Settings until card payment exists', async () => {
    const { location } = open('/paymentMethod/Coach');
    expect(await screen.findByText('Plan Details')).toBeInTheDocument();
    expect(location().pathname).toBe('/settings');
  });
});
