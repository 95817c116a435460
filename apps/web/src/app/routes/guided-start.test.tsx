import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COLORS,
  PostMessages,
  PostType,
  Routes,
  type FirstStepsDto,
  type MemberDto,
  type TeamDto,
} from '@rally/contract';
import { memberKeys } from '../../features/members/api/get-members';
import { teamKeys } from '../../features/teams/api/get-teams';
import { realtime } from '../../lib/realtime';
import { renderApp } from '../../test/render';
import { apiOk, apiUrl, server, testUser } from '../../test/server';
import { buildMember, buildTeam, serveSubscription } from '../../test/team-fixtures';
import { buildPost, me, serveDashboard, serveRealtime, serveTimeline } from '../../test/post-fixtures';

/** Issue 25, a coach's first ten minutes: empty screens offer their action, the trial's days, first steps. */

const NOW = new Date('2026-11-28T10:00:00');
const owner = buildMember({ id: testUser.id, first_name: 'Ada', last_name: 'Lovelace', role_id: 2 });

function serveTeams(teams: TeamDto[], members: MemberDto[] = [owner]) {
  server.use(
    http.get(apiUrl(Routes.teams), ({ request }) => {
      const id = new URL(request.url).searchParams.get('team_id');
      return apiOk(id ? teams.filter((t) => t.id === Number(id)) : teams);
    }),
    http.get(apiUrl(Routes.teamMembers, { id: 5 }), () => apiOk(members)),
    http.get(apiUrl(Routes.colors), () => apiOk(COLORS.map((c) => ({ ...c, color_gradient: [...c.color_gradient] })))),
  );
}

/** Team 5's profile with these first steps (what GET user/team/5/profile answers the owner). */
function serveFirstSteps(steps: Partial<FirstStepsDto> | null) {
  const calls = { count: 0 };
  server.use(
    http.get(apiUrl(Routes.teamProfile, { id: 5 }), () => {
      calls.count++;
      return apiOk({
        id: 5,
        name: 'Rowing',
        avatar: null,
        level_of_engagement: { id: 1, name: 'Spark', description: '', media: '' },
        first_steps: steps && { invited: false, posted: false, checkin_requested: false, ...steps },
      });
    }),
  );
  return calls;
}

/** A team made a day ago: new, so its owner is shown the first steps. */
const newTeam = (overrides: Partial<TeamDto> = {}) =>
  buildTeam({ id: 5, name: 'Rowing', created_at: new Date(Date.now() - 24 * 3600_000).toISOString(), ...overrides });

/** A check-in request post (id 3) and the check-in it shows. */
const checkinPost = buildPost({
  id: 3,
  type_id: PostType.checkin,
  user: me,
  data: { text: 'How is everyone feeling today?', checkin_id: 9 },
});
function serveCheckin() {
  server.use(
    http.get(apiUrl(Routes.checkin, { id: 5, checkinId: 9 }), () =>
      apiOk({
        id: 9,
        post_id: 3,
        user: me,
        created_at: new Date().toISOString(),
        responses_count: 0,
        max_responses_count: 1,
        is_responded: false,
        can_answer: false,
      }),
    ),
  );
}

const welcome = buildPost({ id: 1, type_id: PostType.welcomemessage, user: me, data: { text: 'Welcome to Rowing!' } });

const open = (url: string) => renderApp(url, { signedInAs: testUser });

/** The Invite Team Members dialog (titled by the team's name, then its heading). */
const inviteDialog = async () =>
  (await screen.findByRole('heading', { name: 'Invite Team Members' })).closest<HTMLElement>('[role="dialog"]')!;
/** The timeline has loaded (the team's welcome post). */
const loaded = () => screen.findByRole('article');

beforeEach(() => {
  sessionStorage.clear();
  localStorage.removeItem(`rally.firstSteps.${testUser.id}.5`);
  serveRealtime();
});
afterEach(() => {
  realtime.stop();
  vi.useRealTimers();
});

describe('empty screens offer the action they name', () => {
  it("the empty dashboard keeps 'No engagements.  Start one.' and its Create Engagement opens the create form", async () => {
    serveTeams([]);
    serveDashboard([]);
    const { user, location } = open('/dashboard');
    const keepSpaces = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(await screen.findByText(PostMessages.dashboardEmpty, keepSpaces)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create Engagement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Engagement' });
    expect(within(dialog).getByLabelText('Engagement Name')).toBeInTheDocument();
    expect(location().pathname).toBe('/engagements');

    // Closed, it stays closed: the address no longer asks for it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Engagement' })).not.toBeInTheDocument());
    expect(location().search).toBe('');
  });

  it('the empty dashboard of a Member-plan user with a personal team asks them to subscribe', async () => {
    serveSubscription({ name: 'Free', title: 'Member', stripe_status: 'active' });
    serveTeams([buildTeam({ id: 3, name: 'Mine', is_personal: true, role_id: 2 })]);
    serveDashboard([]);
    const { user } = open('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Create Engagement' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You need to subscribe to Coach plan to create coaching engagements.');
    expect(within(dialog).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/paymentMethod/Coach');
  });

  it('an empty timeline offers Write a post (the create panel opens on a text post) and Invite Members', async () => {
    serveTeams([buildTeam({ id: 5, name: 'Rowing' })]);
    serveTimeline([]);
    const { user } = open('/engagements/5/timeline');
    const empty = (await screen.findByText(PostMessages.timelineEnd)).parentElement!;

    await user.click(within(empty).getByRole('button', { name: 'Write a post' }));
    expect(await screen.findByRole('tab', { name: 'Text', selected: true })).toBeInTheDocument();

    await user.click(within(empty).getByRole('button', { name: 'Invite Members' }));
    expect(await inviteDialog()).toBeInTheDocument();
  });

  it('an empty timeline offers no Invite Members to a member (spec §6)', async () => {
    serveTeams([buildTeam({ id: 5, name: 'Rowing', role_id: 4 })]);
    serveTimeline([]);
    open('/engagements/5/timeline');
    const empty = (await screen.findByText(PostMessages.timelineEnd)).parentElement!;
    expect(within(empty).getByRole('button', { name: 'Write a post' })).toBeInTheDocument();
    expect(within(empty).queryByRole('button', { name: 'Invite Members' })).not.toBeInTheDocument();
  });
});

describe('a coach on trial sees the days left and Add card (dayjs, the clock fixed at 10:00)', () => {
  const trialEndingIn = (ms: number) =>
    serveSubscription({
      stripe_status: 'trialing',
      has_payment_method: false,
      trial_ends_at: new Date(NOW.getTime() + ms).toISOString(),
    });
  const DAY = 24 * 3600_000;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });

  it.each([
    ['9 days left', 9 * DAY - 3 * 3600_000, 'Trial: 9 days left'],
    // Counted by the calendar (spec §9): ending tomorrow, later in the day than now, is 1 day.
    ['1 day left, singular, on the day before the last', DAY + 3 * 3600_000, 'Trial: 1 day left'],
    ['the last day', 5 * 3600_000, 'Trial ends today'],
  ])('%s', async (_label, ms, text) => {
    trialEndingIn(ms);
    open('/engagements');
    const notice = await screen.findByText(text);
    const status = notice.closest<HTMLElement>('[role="status"]')!;
    expect(within(status).getByRole('link', { name: 'Add card' })).toHaveAttribute('href', '/paymentMethod/Coach');
  });

  it('nothing once a card is on file, nor on an active plan', async () => {
    serveSubscription({ stripe_status: 'trialing', has_payment_method: true, trial_ends_at: NOW.toISOString() });
    const first = open('/engagements');
    await screen.findByText('Currently you do not have any teams');
    await waitFor(() => expect(first.queryClient.getQueryState(['billing', 'subscription'])?.status).toBe('success'));
    expect(screen.queryByText(/Trial/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add card' })).not.toBeInTheDocument();
    first.unmount();

    serveSubscription({ stripe_status: 'active' });
    const second = open('/engagements');
    await screen.findByText('Currently you do not have any teams');
    await waitFor(() => expect(second.queryClient.getQueryState(['billing', 'subscription'])?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: 'Add card' })).not.toBeInTheDocument();
  });
});

describe("a new engagement's first steps (owner only)", () => {
  const card = () => screen.findByRole('region', { name: 'First steps' });
  const step = (region: HTMLElement, name: string) => within(region).getByRole('listitem', { name });

  it('ticks what the server says is done and offers a button for the rest', async () => {
    serveTeams([newTeam()]);
    serveTimeline([welcome]);
    serveFirstSteps({ invited: true });
    open('/engagements/5/timeline');
    const region = await card();
    expect(region).toHaveTextContent('1 of 3 done');
    expect(step(region, 'Invite members')).toHaveTextContent('Done');
    expect(within(step(region, 'Invite members')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(step(region, 'Post a welcome')).getByRole('button', { name: 'Post a welcome' })).toBeInTheDocument();
    expect(
      within(step(region, 'Request a check-in')).getByRole('button', { name: 'Request a check-in' }),
    ).toBeInTheDocument();
  });

  it('each button does its step; the card goes once all three are done', async () => {
    const members = [owner, buildMember({ id: 31, first_name: 'Mia', last_name: 'Member' })];
    serveTeams([newTeam({ users_count: 1 })], [owner]);
    serveTimeline([welcome]);
    const profile = serveFirstSteps({});
    let sentInvites: unknown;
    server.use(
      http.post(apiUrl(Routes.teamInvite, { id: 5 }), async ({ request }) => {
        sentInvites = await request.json();
        // The invitation is pending: the server counts it.
        serveFirstSteps({ invited: true });
        return apiOk({ invited: ['mia@example.test'], already_members: [] });
      }),
      http.post(apiUrl(Routes.createPost, { id: 5 }), () =>
        apiOk(buildPost({ id: 2, user: me, data: { text: 'Welcome aboard, everyone!' } })),
      ),
      http.post(apiUrl(Routes.requestCheckin, { id: 5 }), () => apiOk(checkinPost)),
    );
    serveCheckin();
    const { user, queryClient } = open('/engagements/5/timeline');
    let region = await card();
    expect(region).toHaveTextContent('0 of 3 done');

    // 1. Invite members: the Invite Team Members dialog.
    await user.click(within(region).getByRole('button', { name: 'Invite members' }));
    const dialog = await inviteDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'mia@example.test{Enter}');
    await user.click(within(dialog).getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(sentInvites).toEqual({ emails: ['mia@example.test'] }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Invite Team Members' })).not.toBeInTheDocument());
    region = await card();
    await waitFor(() => expect(step(region, 'Invite members')).toHaveTextContent('Done'));
    expect(profile.count).toBeGreaterThanOrEqual(1);

    // 2. Post a welcome: the create panel on a text post.
    await user.click(within(region).getByRole('button', { name: 'Post a welcome' }));
    expect(await screen.findByRole('tab', { name: 'Text', selected: true })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /./ }), 'Welcome aboard, everyone!');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Welcome aboard, everyone!')).toBeInTheDocument();
    await waitFor(() => expect(step(region, 'Post a welcome')).toHaveTextContent('Done'));

    // Mia accepts; the live update refreshes the team and its members (app/live-events).
    serveTeams([newTeam({ users_count: 2 })], members);
    await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    await queryClient.invalidateQueries({ queryKey: memberKeys.all });

    // 3. Request a check-in: the panel on the check-in request.
    await user.click(within(region).getByRole('button', { name: 'Request a check-in' }));
    expect(await screen.findByRole('tab', { name: 'Check-in', selected: true })).toBeInTheDocument();
    const ask = await screen.findByRole('button', { name: 'Request Check-in' });
    await waitFor(() => expect(ask).toBeEnabled());
    await user.click(ask);

    await waitFor(() => expect(screen.queryByRole('region', { name: 'First steps' })).not.toBeInTheDocument());
  });

  it('all three done on the server: no card', async () => {
    serveTeams([newTeam()]);
    serveTimeline([welcome]);
    const profile = serveFirstSteps({ invited: true, posted: true, checkin_requested: true });
    open('/engagements/5/timeline');
    await loaded();
    await waitFor(() => expect(profile.count).toBe(1));
    expect(screen.queryByRole('region', { name: 'First steps' })).not.toBeInTheDocument();
  });

  it('the feed waits for the first steps, so the card never pushes the posts down (issue 25)', async () => {
    serveTeams([newTeam()]);
    serveTimeline([welcome]);
    serveFirstSteps({});
    // The profile answers only when the test lets it.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl(Routes.teamProfile, { id: 5 }), async () => {
        await held;
        return undefined;
      }),
    );
    open('/engagements/5/timeline');
    expect(await screen.findByRole('status', { name: 'Loading Timeline' })).toBeInTheDocument();
    // The timeline has long been in: its post still waits for the card.
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    answer();
    const region = await card();
    const post = await loaded();
    // The card above the post, both from the same render on.
    expect(region.compareDocumentPosition(post) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a post of their own and a check-in already in the feed tick their steps', async () => {
    serveTeams([newTeam()]);
    serveTimeline([checkinPost, buildPost({ id: 2, user: me, data: { text: 'Hello team' } }), welcome]);
    serveCheckin();
    serveFirstSteps({});
    open('/engagements/5/timeline');
    const region = await card();
    expect(region).toHaveTextContent('2 of 3 done');
    expect(step(region, 'Post a welcome')).toHaveTextContent('Done');
    expect(step(region, 'Request a check-in')).toHaveTextContent('Done');
  });

  it('dismissed, it stays gone for that team', async () => {
    serveTeams([newTeam()]);
    serveTimeline([welcome]);
    const profile = serveFirstSteps({});
    const first = open('/engagements/5/timeline');
    const region = await card();
    await first.user.click(within(region).getByRole('button', { name: 'Dismiss first steps' }));
    expect(screen.queryByRole('region', { name: 'First steps' })).not.toBeInTheDocument();
    first.unmount();

    const calls = profile.count;
    open('/engagements/5/timeline');
    await loaded();
    expect(screen.queryByRole('region', { name: 'First steps' })).not.toBeInTheDocument();
    // Not even asked for again.
    expect(profile.count).toBe(calls);
  });

  it.each([
    ['a member', { role_id: 4 }],
    ['an admin', { role_id: 3 }],
    ['the owner of an engagement over 30 days old', { created_at: '2026-01-01T00:00:00.000Z' }],
  ])('not shown to %s', async (_label, overrides) => {
    serveTeams([newTeam(overrides)]);
    serveTimeline([welcome]);
    const profile = serveFirstSteps({});
    open('/engagements/5/timeline');
    await loaded();
    expect(screen.queryByRole('region', { name: 'First steps' })).not.toBeInTheDocument();
    expect(profile.count).toBe(0);
  });
});
