import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Routes, type InvitationDto } from '@rally/contract';
import { buildInvitation, buildTeam, pagedJson, renderWithProviders } from '../../../test/team-fixtures';
import { apiError, apiOk, apiUrl, server } from '../../../test/server';
import { InvitesList, usePendingInvitationsCount } from './invites-list';

const PER_PAGE = 2;

/** A fake pending-invitations API over a mutable list, paged like the server. */
function servePending(initial: InvitationDto[]) {
  let pending = [...initial];
  const answered: { path: string; body: unknown }[] = [];
  server.use(
    http.get(apiUrl(Routes.pendingInvitations), ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      return pagedJson(pending.slice((page - 1) * PER_PAGE, page * PER_PAGE), page, PER_PAGE, pending.length);
    }),
    http.post(apiUrl(Routes.joinTeam), async ({ request }) => {
      const body = (await request.json()) as { invitation_code: string };
      answered.push({ path: Routes.joinTeam.path, body });
      const inv = pending.find((i) => i.invitation_code === body.invitation_code)!;
      pending = pending.filter((i) => i !== inv);
      return apiOk(buildTeam({ id: inv.team.id, name: inv.team.name, role_id: 4 }));
    }),
    http.post(apiUrl(Routes.rejectInvitation), async ({ request }) => {
      const body = (await request.json()) as { invitation_code: string };
      answered.push({ path: Routes.rejectInvitation.path, body });
      pending = pending.filter((i) => i.invitation_code !== body.invitation_code);
      return apiOk(null);
    }),
  );
  return answered;
}

function Counter() {
  return <output aria-label="Invite count">{usePendingInvitationsCount()}</output>;
}

function renderList(onAccepted = vi.fn()) {
  const view = renderWithProviders(
    <>
      <Counter />
      <InvitesList onAccepted={onAccepted} />
    </>,
  );
  return { ...view, onAccepted };
}

const item = (team: string) => screen.getByRole('listitem', { name: `Invitation to ${team}` });

describe('InvitesList', () => {
  it('says there is no invitation when the list is empty', async () => {
    servePending([]);
    renderList();
    expect(await screen.findByText('There is no invitation')).toBeInTheDocument();
  });

  it('shows the inviter, the invitation text and the team, then the end message', async () => {
    servePending([buildInvitation({ id: 1 })]);
    renderList();
    const li = await screen.findByRole('listitem', { name: 'Invitation to Squad 1' });
    expect(li).toHaveTextContent('Coach 1 has invited you to join a team');
    expect(li).toHaveTextContent('Squad 1');
    expect(within(li).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(li).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.getByText('Yay! You have seen it all')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('loads further pages with Load More until all are seen', async () => {
    servePending([1, 2, 3].map((id) => buildInvitation({ id })));
    const { user } = renderList();
    await screen.findByRole('listitem', { name: 'Invitation to Squad 2' });
    expect(screen.queryByText('Yay! You have seen it all')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('listitem', { name: 'Invitation to Squad 3' })).toBeInTheDocument();
    expect(screen.getByText('Yay! You have seen it all')).toBeInTheDocument();
  });

  it('accepting joins with the code, says so, removes it and lowers the counter', async () => {
    const answered = servePending([buildInvitation({ id: 1 }), buildInvitation({ id: 2 })]);
    const { user, onAccepted } = renderList();
    await screen.findByRole('listitem', { name: 'Invitation to Squad 1' });
    expect(screen.getByLabelText('Invite count')).toHaveTextContent('2');

    await user.click(within(item('Squad 1')).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('You have accepted your invitation from Squad 1 team')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Invitation to Squad 1' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Invite count')).toHaveTextContent('1');
    expect(answered).toEqual([{ path: Routes.joinTeam.path, body: { invitation_code: 'CODE1' } }]);
    expect(onAccepted).toHaveBeenCalledWith(expect.objectContaining({ name: 'Squad 1' }));
  });

  it('rejecting sends the fixed reason, says so and removes it', async () => {
    const answered = servePending([buildInvitation({ id: 1 })]);
    const { user, onAccepted } = renderList();
    await screen.findByRole('listitem', { name: 'Invitation to Squad 1' });

    await user.click(within(item('Squad 1')).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('You have rejected your invitation from Squad 1 team')).toBeInTheDocument();
    expect(await screen.findByText('There is no invitation')).toBeInTheDocument();
    expect(screen.getByLabelText('Invite count')).toHaveTextContent('0');
    expect(answered).toEqual([
      { path: Routes.rejectInvitation.path, body: { invitation_code: 'CODE1', reject_reason: 'Not interested' } },
    ]);
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('a failed accept shows the server message and keeps the invitation', async () => {
    servePending([buildInvitation({ id: 1 })]);
    server.use(http.post(apiUrl(Routes.joinTeam), () => apiError(409, 'You are already a member of this team.')));
    const { user } = renderList();
    await screen.findByRole('listitem', { name: 'Invitation to Squad 1' });

    await user.click(within(item('Squad 1')).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('You are already a member of this team.')).toBeInTheDocument();
    expect(item('Squad 1')).toBeInTheDocument();
  });
});
