import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostType, Routes, Messages, type SubscriptionDto, type TeamDto } from '@rally/contract';
import { advance } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { apiError, apiOk, apiUrl, server, testUser } from '../../test/server';
import { buildPost, serveTimeline } from '../../test/post-fixtures';
import { buildInvitation, buildTeam, pagedJson, serveSubscription, subscription } from '../../test/team-fixtures';

function serveTeams(list: TeamDto[]) {
  server.use(
    http.get(apiUrl(Routes.teams), ({ request }) => {
      const id = new URL(request.url).searchParams.get('team_id');
      return apiOk(id ? list.filter((t) => t.id === Number(id)) : list);
    }),
  );
}

const open = (url: string) => renderApp(url, { signedInAs: testUser });

/** In `dialog`, pastes `value` into the field labelled `label`, then presses `button`. */
async function enter(user: UserEvent, dialog: HTMLElement, label: string, value: string, button: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.paste(value);
  await user.click(within(dialog).getByRole('button', { name: button }));
}

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

  /** Opens /engagements on this plan with this one team, then clicks Create Engagement. */
  async function clickCreateWith(plan: Partial<SubscriptionDto>, team: TeamDto) {
    serveSubscription(plan);
    serveTeams([team]);
    const app = open('/engagements');
    await screen.findByRole('article', { name: team.name });
    await app.user.click(screen.getByRole('button', { name: 'Create Engagement' }));
    return app;
  }
  const memberPlan = { name: 'Free', title: 'Member', stripe_status: 'active' } as const;

  it('validates the name with the contract rules before sending', async () => {
    const sent = vi.fn();
    server.use(http.post(apiUrl(Routes.createTeam), () => (sent(), apiOk(buildTeam()))));
    const { user, dialog } = await openCreate();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(Messages.teamNameRequired)).toBeInTheDocument();

    await enter(user, dialog, 'Engagement Name', 'Team #1!', 'Create');
    expect(await within(dialog).findByText('Only letters, digits and spaces are allowed.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it("shows the server's message for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(http.post(apiUrl(Routes.createTeam), () => apiError(403, Messages.needCoachPlan)));
    const { user, dialog } = await openCreate();

    await enter(user, dialog, 'Engagement Name', 'Rowing Club', 'Create');

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
      http.post(apiUrl(Routes.createTeam), async ({ request }) => {
        body = await request.json();
        teams = [created];
        return apiOk(created, Messages.teamCreated);
      }),
      http.get(apiUrl(Routes.teams), ({ request }) => {
        const id = new URL(request.url).searchParams.get('team_id');
        return apiOk(id ? teams.filter((t) => t.id === Number(id)) : teams);
      }),
      http.get(apiUrl(Routes.teamMembers, { id: 42 }), () => apiOk(created.users)),
    );
    // A new team's timeline holds its welcome message.
    serveTimeline(
      [buildPost({ type_id: PostType.welcomemessage, team_id: 42, team: { id: 42, name: 'Rowing Club' } })],
      {
        teamId: 42,
      },
    );
    const { user, dialog, location } = await openCreate();

    await enter(user, dialog, 'Engagement Name', 'Rowing Club', 'Create');

    await waitFor(() => expect(location().pathname).toBe('/engagements/42/timeline'));
    expect(body).toEqual({ name: 'Rowing Club' });
    expect(await screen.findByText('Welcome to Rowing Club!')).toBeInTheDocument();
  });

  it('a Member-plan user with a personal team is asked to subscribe instead', async () => {
    await clickCreateWith(memberPlan, buildTeam({ id: 3, name: 'Mine', is_personal: true, role_id: 2 }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You need to subscribe to Coach plan to create coaching engagements.');
    expect(screen.queryByLabelText('Engagement Name')).not.toBeInTheDocument();
  });

  it('a Member-plan user without a personal team may create one', async () => {
    await clickCreateWith(memberPlan, buildTeam({ id: 3, name: 'Joined', is_personal: false, role_id: 4 }));

    expect(await screen.findByRole('dialog', { name: 'Create Engagement' })).toBeInTheDocument();
  });

  it('a canceled Coach plan with a personal team is asked to activate', async () => {
    // The app-load dialog for the same state was already seen in this session.
    sessionStorage.setItem(`rally.notice.${testUser.id}.inactive`, '1');
    await clickCreateWith(
      { stripe_status: 'canceled' },
      buildTeam({ id: 3, name: 'Mine', is_personal: true, role_id: 2 }),
    );

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

    await enter(user, dialog, 'Join Code', 'AB-12', 'Join');
    expect(await within(dialog).findByText(Messages.lettersDigitsSpaces)).toBeInTheDocument();
  });

  it("an invalid code shows 'The code you provided was invalid' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post(apiUrl(Routes.joinTeam), () =>
        apiError(422, Messages.validationFailed, { invitation_code: [Messages.joinCodeInvalid] }),
      ),
    );
    const { user, dialog } = await openJoin();
    await enter(user, dialog, 'Join Code', 'WRONG1', 'Join');

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
      http.post(apiUrl(Routes.joinTeam), () => {
        teams = [joined];
        return apiOk(joined);
      }),
      http.get(apiUrl(Routes.teams), () => apiOk(teams)),
    );
    const { user, dialog, location } = await openJoin('/');
    await enter(user, dialog, 'Join Code', 'ABC123', 'Join');

    expect(await screen.findByRole('article', { name: 'Choir' })).toBeInTheDocument();
    expect(location().pathname).toBe('/engagements');
  });
});

describe('subscription dialogs on app load', () => {
  it.each([
    ['an inactive plan', subscription({ stripe_status: 'past_due' }), Messages.subscriptionInactive],
    [
      'a trial ending tomorrow',
      subscription({ stripe_status: 'trialing', trail_will_end_tomorrow: true, has_payment_method: false }),
      Messages.trialEndsTomorrow,
    ],
    [
      'a switch to the Member plan',
      subscription({ name: 'Free', title: 'Member', action_performed_by: 2 }),
      Messages.switchedToMember,
    ],
  ])('%s shows its dialog once per session', async (_label, sub, message) => {
    serveSubscription(sub);
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
    serveSubscription({ stripe_status: 'canceled' });
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
  it('on small screens opens from the top bar’s bell: notifications empty, invites accepted into the list', async () => {
    const invitation = buildInvitation({ id: 1, team: { id: 77, name: 'Choir', avatar: null } });
    let pending = [invitation];
    let teams: TeamDto[] = [];
    server.use(
      http.get(apiUrl(Routes.pendingInvitations), () => pagedJson(pending, 1, 20, pending.length)),
      http.post(apiUrl(Routes.joinTeam), () => {
        pending = [];
        teams = [buildTeam({ id: 77, name: 'Choir', role_id: 4 })];
        return apiOk(teams[0]);
      }),
      http.get(apiUrl(Routes.teams), () => apiOk(teams)),
      http.get(apiUrl(Routes.notifications), () => pagedJson([], 1, 20, 0)),
    );
    const { user } = open('/engagements');
    await screen.findByText('Currently you do not have any teams');
    const bell = await within(screen.getByRole('banner')).findByRole('button', {
      name: 'Notifications and invites, 1 new',
    });
    expect(bell).toHaveTextContent('1');

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications and invites' });
    // Only an invitation waits: the panel opens on INVITES. It is its own chunk, a moment later.
    expect(await within(panel).findByRole('tab', { name: /INVITES/ })).toHaveAttribute('aria-selected', 'true');
    const item = await within(panel).findByRole('listitem', { name: 'Invitation to Choir' });
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You have accepted your invitation from Choir team')).toBeInTheDocument();
    expect(await within(panel).findByText('There is no invitation')).toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: 'NOTIFICATION' }));
    expect(await within(panel).findByText('No notifications yet.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('article', { name: 'Choir' })).toBeInTheDocument();
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications and invites'));
  });

  it.each(['/', '/engagements'])(
    'on a phone %s has one notification entry point, counting unread notifications and invitations',
    async (url) => {
      server.use(
        http.get(apiUrl(Routes.pendingInvitations), () =>
          pagedJson([buildInvitation({ id: 1 }), buildInvitation({ id: 2 })], 1, 20, 2),
        ),
        http.get(apiUrl(Routes.recentNotificationsCount), () => apiOk({ notifications_count: 3 })),
      );
      open(url);
      const bell = await screen.findByRole('button', { name: 'Notifications and invites, 5 new' });
      expect(bell).toHaveTextContent('5');
      // No second bell, and no other badge, anywhere on the page.
      expect(screen.getAllByRole('button', { name: /notification/i })).toEqual([bell]);
      expect(document.querySelectorAll('.MuiBadge-badge:not(.MuiBadge-invisible)')).toHaveLength(1);
      expect(screen.getByRole('banner')).toContainElement(bell);
    },
  );
});

describe('invitation link', () => {
  it('/engagements?invitation_code=… opens Join Engagement with the code and joins with it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl(Routes.joinTeam), async ({ request }) => {
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
  it('/paymentMethod/Coach is the card form (features/billing tests it)', async () => {
    server.use(http.get(apiUrl(Routes.paymentConfig), () => apiOk({ provider: 'test', publishable_key: null })));
    const { location } = open('/paymentMethod/Coach');
    expect(await screen.findByRole('heading', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(location().pathname).toBe('/paymentMethod/Coach');
  });
});
