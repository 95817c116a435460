import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLORS, PostType, Routes, type TeamDto, PostMessages } from '@rally/contract';
import { realtime } from '../../lib/realtime';
import { renderApp } from '../../test/render';
import { apiOk, apiUrl, server, testUser } from '../../test/server';
import { subscriptionQuery } from '../../features/billing/api/get-subscription';
import { buildMember, buildTeam, serveSubscription } from '../../test/team-fixtures';
import { buildPost, serveDashboard, serveRealtime, serveTimeline } from '../../test/post-fixtures';
import { videoPrompt } from '../../features/prompts/test/prompt-fixtures';

/** The user's teams (the workspace loads its team from this list) and team 5's members and colours. */
function serveTeams(teams: TeamDto[]) {
  server.use(
    http.get(apiUrl(Routes.teams), ({ request }) => {
      const id = new URL(request.url).searchParams.get('team_id');
      return apiOk(id ? teams.filter((t) => t.id === Number(id)) : teams);
    }),
    http.get(apiUrl(Routes.teamMembers, { id: 5 }), () =>
      apiOk([buildMember({ id: testUser.id, first_name: 'Ada', last_name: 'Lovelace', role_id: 2 })]),
    ),
    http.get(apiUrl(Routes.colors), () => apiOk(COLORS.map((c) => ({ ...c, color_gradient: [...c.color_gradient] })))),
  );
}

const open = (url: string) => renderApp(url, { signedInAs: testUser });

let gateway: ReturnType<typeof serveRealtime>;
beforeEach(() => {
  sessionStorage.clear();
  gateway = serveRealtime();
});
// The tab's one socket outlives a test; the next test's fake gateway gets a fresh connection.
afterEach(() => realtime.stop());

describe('team timeline pages', () => {
  it('the bare team path opens the timeline: breadcrumbs, posts, end text', async () => {
    serveTeams([buildTeam({ id: 5, name: 'Rowing' })]);
    serveTimeline([buildPost({ id: 2, data: { text: 'Second' } }), buildPost({ id: 1, data: { text: 'First' } })]);
    const app = open('/engagements/5');
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/engagements/5/timeline');
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(crumbs).toHaveTextContent('Rowing');
    expect(crumbs).toHaveTextContent('Timeline');
    expect(screen.getByText(PostMessages.timelineEnd)).toBeInTheDocument();
  });

  it('the sidebar lists Timeline, Wall of Fame, Bright Ideas and FAQ', async () => {
    serveTeams([buildTeam({ id: 5, name: 'Rowing' })]);
    serveTimeline([buildPost({ id: 1, data: { text: 'First' } })]);
    const { user } = open('/engagements/5/timeline');
    await screen.findByText('First');
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual(
      expect.arrayContaining([
        ['Timeline', '/engagements/5/timeline'],
        ['Wall of Fame', '/engagements/5/wall-of-fame'],
        ['Bright Ideas', '/engagements/5/bright-ideas'],
        ['FAQ', '/engagements/5/FAQ'],
      ]),
    );
  });

  it.each([
    ['/engagements/5/wall-of-fame', PostType.celebration, 'Wall of Fame', PostMessages.wallOfFameEnd],
    ['/engagements/5/bright-ideas', PostType.brightidea, 'Bright Ideas', PostMessages.brightIdeasEnd],
  ])('%s shows only type %i, titled %s, with its end text', async (url, typeId, title, endText) => {
    serveTeams([buildTeam({ id: 5, name: 'Rowing' })]);
    const seen = serveTimeline([
      buildPost({ id: 3, type_id: PostType.celebration, data: { text: 'Hooray' } }),
      buildPost({ id: 2, type_id: PostType.brightidea, data: { text: 'Idea' } }),
      buildPost({ id: 1, data: { text: 'Plain' } }),
    ]);
    open(url);
    expect(await screen.findByText(endText)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByText('Plain')).not.toBeInTheDocument();
    expect(seen[0]!.searchParams.get('type_id')).toBe(String(typeId));
    expect(screen.getByRole('navigation', { name: 'breadcrumb' })).toHaveTextContent(title);
  });
});

describe('Invite Members in the tag field (spec §6: leads, when no one else is in the team)', () => {
  it.each([
    ['a Super Admin with the Coach plan', true, 2, true],
    ['an Admin with the Coach plan', true, 3, true],
    // The server refuses these (403 coach_plan_required): the button is not offered.
    ['a Super Admin without the Coach plan', false, 2, false],
    ['an Admin without the Coach plan', false, 3, false],
  ])('%s: offered %s', async (_label, coach, role, shown) => {
    if (!coach) serveSubscription({ name: 'Free', title: 'Member' });
    serveTeams([buildTeam({ id: 5, name: 'Rowing', role_id: role })]);
    serveTimeline([buildPost({ id: 1, data: { text: 'First' } })]);
    const { user, queryClient } = open('/engagements/5/timeline');
    await screen.findByText('First');
    await waitFor(() => expect(queryClient.getQueryState(subscriptionQuery().queryKey)?.status).toBe('success'));
    await user.click(screen.getByRole('button', { name: /Share a thought, an announcement or a bright idea/ }));
    await user.click(await screen.findByRole('tab', { name: 'Announcement' }));
    expect(await screen.findByText(/No one else is in this team yet/)).toBeInTheDocument();
    expect(Boolean(screen.queryByRole('button', { name: 'Invite Members' }))).toBe(shown);
  });
});

describe('/dashboard', () => {
  it("shows 'No engagements.  Start one.' when there is no post", async () => {
    serveTeams([]);
    serveDashboard([]);
    open('/dashboard');
    const keepSpaces = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(await screen.findByText(PostMessages.dashboardEmpty, keepSpaces)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Dashboard');
  });

  it("lists every team's posts, with each team's role deciding the buttons, then the end text", async () => {
    serveTeams([buildTeam({ id: 5, name: 'Rowing', role_id: 2 }), buildTeam({ id: 6, name: 'Sailing', role_id: 4 })]);
    serveDashboard([
      buildPost({ id: 2, team_id: 5, team: { id: 5, name: 'Rowing' }, data: { text: 'From rowing' } }),
      buildPost({ id: 1, team_id: 6, team: { id: 6, name: 'Sailing' }, data: { text: 'From sailing' } }),
    ]);
    open('/dashboard');
    expect(await screen.findByText(PostMessages.dashboardEnd)).toBeInTheDocument();
    const [rowing, sailing] = screen.getAllByRole('article');
    await waitFor(() => expect(within(rowing!).getByRole('button', { name: 'Share' })).toBeInTheDocument());
    expect(within(rowing!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(sailing!).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(within(sailing!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('live updates', () => {
  it("new and deleted posts and other members' reactions arrive without a reload", async () => {
    serveTeams([buildTeam({ id: 5, name: 'Rowing' })]);
    serveTimeline([buildPost({ id: 1, data: { text: 'First' } })]);
    open('/engagements/5/timeline');
    await screen.findByText('First');
    await waitFor(() => expect(gateway.connected()).toBe(1));

    gateway.send({ type: 'post.created', team_id: 5, post: buildPost({ id: 2, data: { text: 'Fresh news' } }) });
    expect(await screen.findByText('Fresh news')).toBeInTheDocument();
    expect(screen.getAllByRole('article')[0]).toHaveTextContent('Fresh news');

    gateway.send({
      type: 'post.engagement',
      team_id: 5,
      post_id: 1,
      actor_id: 40,
      engagement: {
        buzzes_count: 1,
        reactions: [
          {
            id: 9,
            buzz_type_id: 7,
            user: { id: 40, full_name: 'Bea Author', avatar: null, responded_at: new Date().toISOString() },
          },
        ],
        recent_buzz_activity_user: { id: 40, full_name: 'Bea Author', avatar: null },
        expressions_count: 2,
        recent_expressed_activity_user: null,
      },
    });
    const first = () => screen.getAllByRole('article').find((a) => a.textContent?.includes('First'))!;
    await waitFor(() => expect(within(first()).getByRole('button', { name: '2 Engagements' })).toBeInTheDocument());
    expect(within(first()).getByRole('button', { name: /^1 reaction,/ })).toBeInTheDocument();
    // The viewer's own part is not someone else's: still no reaction of theirs.
    expect(within(first()).getByRole('button', { name: 'React' })).toBeInTheDocument();

    gateway.send({ type: 'post.deleted', team_id: 5, post_id: 1 });
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
  });

  it('an edited post shows its new words without a reload; the viewer’s own reaction stays', async () => {
    serveTeams([buildTeam({ id: 5, name: 'Rowing' })]);
    const topic = (words: string) =>
      buildPost({
        id: 1,
        type_id: PostType.topic,
        data: { topic: words, published: true, published_at: '2026-03-05' },
      });
    serveTimeline([{ ...topic('Old words'), buzz_type_id: 7, buzzes_count: 1 }]);
    open('/engagements/5/timeline');
    await screen.findByText('Old words');
    expect(await screen.findByRole('button', { name: /^Your reaction:/ })).toBeInTheDocument();
    await waitFor(() => expect(gateway.connected()).toBe(1));

    // As the server sends it: nobody's own reaction.
    gateway.send({ type: 'post.updated', team_id: 5, post: { ...topic('New words'), buzzes_count: 1 } });
    expect(await screen.findByText('New words')).toBeInTheDocument();
    expect(screen.queryByText('Old words')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Your reaction:/ })).toBeInTheDocument();
  });
});

describe('team video and slideshow on the timeline (issue 22)', () => {
  it.each([
    [2, true],
    [3, true],
    [4, false],
  ])('role %i is offered Team Video and Slideshow: %s', async (role, offered) => {
    serveTeams([buildTeam({ id: 5, name: 'Rowing', role_id: role })]);
    serveTimeline([buildPost({ id: 1, data: { text: 'First' } })]);
    const { user } = open('/engagements/5/timeline');
    await screen.findByText('First');
    await user.click(screen.getByRole('button', { name: /Share a thought, an announcement or a bright idea/ }));
    await screen.findByRole('tab', { name: 'Text' });
    expect(Boolean(screen.queryByRole('tab', { name: 'Team Video' }))).toBe(offered);
    expect(Boolean(screen.queryByRole('tab', { name: 'Slideshow' }))).toBe(offered);
    if (!offered) return;
    await user.click(screen.getByRole('tab', { name: 'Team Video' }));
    expect(await screen.findByRole('button', { name: 'Record a video' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Slideshow' }));
    expect(await screen.findByRole('button', { name: 'Add an image' })).toBeInTheDocument();
  });

  it('draws a team video post with its prompt: x of y responded and Respond for a member', async () => {
    serveTeams([buildTeam({ id: 5, name: 'Rowing', role_id: 4 })]);
    const post = buildPost({
      id: 80,
      type_id: PostType.teamvideo,
      data: { topic: 'What made this week great?', video_id: 9, responses_count: 0, max_responses_count: 2 },
    });
    serveTimeline([post]);
    server.use(
      http.get(apiUrl(Routes.video, { id: 5, videoId: 9 }), () =>
        apiOk(videoPrompt({ media: '/files/q.mp4', poster: null, user: post.user, created_at: post.created_at })),
      ),
    );
    open('/engagements/5/timeline');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Topic: What made this week great?')).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Respond' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '0 of 2 responded' })).toBeInTheDocument();
    expect(within(card).getByText('Not Published')).toBeInTheDocument();
  });
});
