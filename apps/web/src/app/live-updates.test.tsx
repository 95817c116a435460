import { screen, waitFor } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import { http } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages, noEngagement, PostType, Routes, type TopicDto } from '@rally/contract';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { notificationOf } from '../test/notification-fixtures';
import { notificationKeys } from '../features/notifications/api/get-notifications';
import { postKeys, type PostPage } from '../features/posts/api/post-cache';
import { memberKeys } from '../features/members/api/get-members';
import { teamKeys } from '../features/teams/api/get-teams';
import { todoKeys } from '../features/todos/api/todo-keys';
import { topicKeys } from '../features/topics/api/topic-keys';
import { InspirationCard } from '../features/topics/components/inspiration-card';
import { realtime } from '../lib/realtime';
import { sessionStore } from '../lib/session-storage';
import { buildPost, serveRealtime } from '../test/post-fixtures';
import { apiOk, apiUrl, server, testUser } from '../test/server';
import { pagedJson, renderWithProviders } from '../test/team-fixtures';
import { isTeamPath } from './live-events';
import { LiveUpdates } from './live-updates';

type Feed = InfiniteData<PostPage, number>;
const feedOf = (...ids: number[]): Feed => ({
  pages: [
    {
      data: ids.map((id) => buildPost({ id, data: { text: `Post ${id}` } })),
      meta: { current_page: 1, last_page: 1, per_page: 10, total: ids.length },
    },
  ],
  pageParams: [1],
});
const idsIn = (feed: Feed | undefined) => feed?.pages.flatMap((p) => p.data.map((x) => x.id));

const note = notificationOf;

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

let gateway: ReturnType<typeof serveRealtime>;
beforeEach(() => {
  gateway = serveRealtime();
  sessionStore.signIn({ token: 'test-token', user: { ...testUser } } as never);
});
afterEach(() => {
  realtime.stop();
  vi.useRealTimers();
});

describe('the one realtime subscription', () => {
  it('applies an event to a cached list no screen shows (the timeline left for another page)', async () => {
    // Nothing on screen but the subscription: the timeline and dashboard were loaded, then left.
    const { queryClient } = renderWithProviders(<LiveUpdates />, { url: '/engagements' });
    queryClient.setQueryData(postKeys.timeline(5), feedOf(2, 1));
    queryClient.setQueryData(postKeys.dashboard(), feedOf(2, 1));
    queryClient.setQueryData(todoKeys.lists(5), { data: [] });
    await waitFor(() => expect(gateway.connected()).toBe(1));

    gateway.send({ type: 'post.created', team_id: 5, post: buildPost({ id: 3, data: { text: 'Fresh' } }) });
    gateway.send({ type: 'post.deleted', team_id: 5, post_id: 1 });
    gateway.send({ type: 'todo.changed', team_id: 5, list_id: null });

    await waitFor(() => expect(idsIn(queryClient.getQueryData<Feed>(postKeys.timeline(5)))).toEqual([3, 2]));
    expect(idsIn(queryClient.getQueryData<Feed>(postKeys.dashboard()))).toEqual([3, 2]);
    expect(queryClient.getQueryData<Feed>(postKeys.timeline(5))!.pages[0]!.meta.total).toBe(2);
    // Not shown anywhere, so not fetched now: stale, and read again when a screen shows it.
    expect(queryClient.getQueryState(todoKeys.lists(5))?.isInvalidated).toBe(true);
  });

  it('someone joining the team marks its team, profile and members stale, and no other team’s', async () => {
    // The coach's open timeline counts the members (Request Check-in needs two): it must not wait for a reload.
    const { queryClient } = renderWithProviders(<LiveUpdates />, { url: '/engagements' });
    for (const id of [5, 6]) {
      queryClient.setQueryData(teamKeys.detail(id), null);
      queryClient.setQueryData(teamKeys.profile(id), null);
      queryClient.setQueryData(memberKeys.ofTeam(id), []);
    }
    queryClient.setQueryData(teamKeys.list(), []);
    await waitFor(() => expect(gateway.connected()).toBe(1));

    gateway.send({ type: 'team.members_changed', team_id: 5 });

    await waitFor(() => expect(queryClient.getQueryState(memberKeys.ofTeam(5))?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(teamKeys.detail(5))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(teamKeys.profile(5))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(teamKeys.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(memberKeys.ofTeam(6))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(teamKeys.detail(6))?.isInvalidated).toBe(false);
  });

  it('after a reconnect, everything the events keep is marked stale and read again', async () => {
    const { queryClient } = renderWithProviders(<LiveUpdates />, { url: '/engagements' });
    const keys = [
      postKeys.timeline(5),
      postKeys.dashboard(),
      todoKeys.lists(5),
      topicKeys.ofDay(5),
      notificationKeys.count(),
      teamKeys.list(),
    ];
    queryClient.setQueryData(postKeys.timeline(5), feedOf(1));
    queryClient.setQueryData(postKeys.dashboard(), feedOf(1));
    queryClient.setQueryData(todoKeys.lists(5), { data: [] });
    queryClient.setQueryData(topicKeys.ofDay(5), null);
    queryClient.setQueryData(notificationKeys.count(), 0);
    queryClient.setQueryData(teamKeys.list(), []);
    await waitFor(() => expect(gateway.readies()).toBe(1));
    // The first `ready` is no reconnect: what was just loaded is not asked for again.
    for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(false);

    gateway.drop(); // the server restarts; the client comes back after its back-off (0.25–0.5 s)
    await waitFor(() => expect(gateway.readies()).toBe(2), { timeout: 3_000 });
    await waitFor(() => {
      for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    });
  });

  it('a live notification raises the badge and shows a snackbar', async () => {
    server.use(
      http.get(apiUrl(Routes.recentNotificationsCount), () => apiOk({ notifications_count: 0 })),
      http.get(apiUrl(Routes.notifications), () => pagedJson([], 1, 20, 0)),
    );
    renderWithProviders(
      <>
        <LiveUpdates />
        <NotificationBell />
      </>,
    );
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(gateway.connected()).toBe(1));
    gateway.send({ type: 'notification.created', user_id: 1, notification: note(9, 'Mina Note', 'post.comment') });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 new' })).toBeInTheDocument();
    expect(await screen.findByText('Mina Note commented on your post')).toBeInTheDocument(); // the snackbar
  });

  it('an engagement deleted while a member looks at it: to /engagements, told why; elsewhere only the lists refresh', async () => {
    const { queryClient } = renderWithProviders(
      <>
        <LiveUpdates />
        <Where />
      </>,
      { url: '/engagements/5/timeline' },
    );
    await waitFor(() => expect(gateway.connected()).toBe(1));
    const refetch = vi.spyOn(queryClient, 'invalidateQueries');

    gateway.send({ type: 'team.deleted', user_id: testUser.id, deleted_team_id: 6 }); // another team
    await waitFor(() => expect(refetch).toHaveBeenCalledWith({ queryKey: teamKeys.all, refetchType: 'active' }));
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/engagements/5/timeline');

    gateway.send({ type: 'team.deleted', user_id: testUser.id, deleted_team_id: 5 });
    expect(await screen.findByText(Messages.teamGone)).toBeInTheDocument();
    expect(refetch).toHaveBeenCalledWith({ queryKey: teamKeys.all, refetchType: 'none' });
    // The navigation may render a moment after the snackbar.
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent(/^\/engagements$/));
  });

  it('a member’s open Inspiration card shows an edit of today’s topic without a reload', async () => {
    const topic = (content: string): TopicDto => ({
      id: 41,
      team_id: 5,
      content,
      created_at: '2026-11-25T08:00:00.000Z',
      publish_date: '2026-11-25',
      published_at: '2026-11-25T08:00:00.000Z',
      post_id: 900,
      user: { id: 7, full_name: 'Ada Lovelace', avatar: null },
      data: { content },
      ...noEngagement(),
    });
    let today = topic('What made you proud this week?');
    server.use(http.get(apiUrl(Routes.topicOfDay, { id: 5 }), () => apiOk(today)));
    renderWithProviders(
      <>
        <LiveUpdates />
        <InspirationCard teamId={5} canEdit={false} hasHistory={false} onSaved={() => undefined} />
      </>,
    );
    await screen.findByRole('button', { name: /What made you proud this week/ });
    await waitFor(() => expect(gateway.connected()).toBe(1));

    today = topic('What made you laugh this week?');
    gateway.send({
      type: 'post.updated',
      team_id: 5,
      post: buildPost({ id: 900, team_id: 5, type_id: PostType.topic }),
    });
    expect(await screen.findByRole('button', { name: /What made you laugh this week/ })).toBeInTheDocument();
  });

  it('knows the team’s screens', () => {
    expect(isTeamPath('/engagements/5/timeline', 5)).toBe(true);
    expect(isTeamPath('/teams/5/info', 5)).toBe(true);
    expect(isTeamPath('/engagements/5', 5)).toBe(true);
    expect(isTeamPath('/engagements/55/timeline', 5)).toBe(false);
    expect(isTeamPath('/engagements', 5)).toBe(false);
  });
});
