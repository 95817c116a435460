import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes as RouterRoutes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Messages, Routes, attentionCauseId, type NotificationDto } from '@rally/contract';
import { sessionStore } from '../../../lib/session-storage';
import { apiOk, apiUrl, server } from '../../../test/server';
import { notificationOf } from '../../../test/notification-fixtures';
import { pagedJson, renderWithProviders } from '../../../test/team-fixtures';
import { NotificationBell } from './notification-bell';

const note = notificationOf;

function serveNotifications(items: NotificationDto[], unread: number) {
  let count = unread;
  server.use(
    http.get(apiUrl(Routes.recentNotificationsCount), () => apiOk({ notifications_count: count })),
    http.get(apiUrl(Routes.notifications), () => {
      count = 0; // opening the list marks it read
      return pagedJson(items, 1, 20, items.length);
    }),
  );
}

beforeEach(() => {
  sessionStore.signIn({
    token: 'test-token',
    user: { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', avatar: null },
  } as never);
});

describe('NotificationBell', () => {
  it('shows the unread count, opens the list (avatar, message, team) and clears the badge', async () => {
    serveNotifications([note(2, 'Pete Note', 'post.reaction'), note(1, 'Cora van Note', 'post.created')], 2);
    const { user } = renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 new' });
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(dialog).findByRole('list', { name: 'Notifications' });
    expect(within(list).getByText('Pete Note reacted to your post')).toBeInTheDocument();
    expect(within(list).getByText('Cora van Note posted in Rowing')).toBeInTheDocument();
    expect(within(list).queryByText('not this sentence')).not.toBeInTheDocument();
    // The avatar's initials are the actor's name from its field (no sentence parsed).
    expect(within(list).getByText('PN')).toBeInTheDocument();
    expect(within(list).getByText('CVN')).toBeInTheDocument();
    expect(within(list).getAllByText('Rowing')).toHaveLength(2);
    expect(within(dialog).getByText(Messages.seenItAll)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument(),
    );
  });

  it("names a flagged team's cause and opens the portfolio (issue 26)", async () => {
    serveNotifications(
      [
        note(3, 'Ada Lovelace', 'team.needs_attention', {
          object: { kind: 'attention', id: attentionCauseId('quiet') },
          data: { avatar: null, message: 'not this sentence', team_name: 'Rowing', url: '/portfolio' },
        }),
      ],
      1,
    );
    const { user } = renderWithProviders(
      <RouterRoutes>
        <Route path="/" element={<NotificationBell />} />
        <Route path="/portfolio" element={<p>The portfolio</p>} />
      </RouterRoutes>,
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await user.click(within(list).getByRole('button', { name: 'Rowing needs attention: it has gone quiet' }));
    expect(await screen.findByText('The portfolio')).toBeInTheDocument();
  });

  it("says 'push not supported' where the browser has no Push API", async () => {
    serveNotifications([], 0);
    const { user } = renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('push not supported')).toBeInTheDocument();
  });
});
