import { screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Routes } from '@rally/contract';
import { apiError, apiOk, apiUrl, server } from '../../../test/server';
import { renderWithProviders } from '../../../test/team-fixtures';
import { TEAM_PUSH_LABEL, TeamPushSwitch, teamPushMessage } from './team-push-switch';

const TEAM = 5;

/** The fake GET and POST user/team/5/push; POST answers `answer` (default: the new state) and keeps the bodies. */
function servePush(enabled: boolean, answer?: () => Response | Promise<Response>) {
  const sent: unknown[] = [];
  server.use(
    http.get(apiUrl(Routes.teamPush, { id: TEAM }), () => apiOk({ team_id: TEAM, enabled })),
    http.post(apiUrl(Routes.setTeamPush, { id: TEAM }), async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean };
      sent.push(body);
      await delay(20);
      return answer ? answer() : apiOk({ team_id: TEAM, enabled: body.enabled });
    }),
  );
  return sent;
}

const toggle = () => screen.findByRole('switch', { name: TEAM_PUSH_LABEL });

describe('TeamPushSwitch', () => {
  it("shows the server's state and turns the team's push off, saying so", async () => {
    const sent = servePush(true);
    const { user } = renderWithProviders(<TeamPushSwitch teamId={TEAM} />);
    expect(await toggle()).toBeChecked();
    await user.click(await toggle());
    expect(await screen.findByText(teamPushMessage(false))).toBeInTheDocument();
    expect(sent).toEqual([{ enabled: false }]);
    expect(await toggle()).not.toBeChecked();
  });

  it('starts off when the team is muted and turns it back on', async () => {
    const sent = servePush(false);
    const { user } = renderWithProviders(<TeamPushSwitch teamId={TEAM} />);
    expect(await toggle()).not.toBeChecked();
    await user.click(await toggle());
    expect(await screen.findByText(teamPushMessage(true))).toBeInTheDocument();
    expect(sent).toEqual([{ enabled: true }]);
    expect(await toggle()).toBeChecked();
  });

  it('a failure says so and keeps the switch as it was', async () => {
    servePush(true, () => apiError(500, 'Could not save.'));
    const { user } = renderWithProviders(<TeamPushSwitch teamId={TEAM} />);
    await user.click(await toggle());
    expect(await screen.findByText('Could not save.')).toBeInTheDocument();
    await waitFor(async () => expect(await toggle()).toBeEnabled());
    expect(await toggle()).toBeChecked();
  });
});
