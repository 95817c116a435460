import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Routes, Messages } from '@rally/contract';
import { renderWithProviders } from '../../../test/team-fixtures';
import { apiError, apiOk, apiUrl, server } from '../../../test/server';
import { InviteMembersDialog } from './invite-members-dialog';

const TEAM = 8;

function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<InviteMembersDialog open teamId={TEAM} teamName="Rowing" onClose={onClose} />);
  return { ...view, onClose };
}

const emailList = () => screen.queryByRole('list', { name: 'E-mails to invite' });
const listed = () =>
  emailList()
    ? within(emailList()!)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];

async function add(user: ReturnType<typeof renderDialog>['user'], email: string) {
  const input = screen.getByLabelText('Email');
  await user.clear(input);
  await user.paste(email);
  await user.click(screen.getByRole('button', { name: 'Add' }));
}

describe('InviteMembersDialog', () => {
  it('shows the team name then Invite Team Members as its title', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Invite Team Members' });
    expect(within(dialog).getByText('Rowing')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Invite Team Members' })).toBeInTheDocument();
  });

  it('adds valid e-mails one at a time, ignores duplicates and removes entries', async () => {
    const { user } = renderDialog();
    await add(user, 'a@example.test');
    await add(user, 'b@example.test');
    await add(user, ' A@Example.test ');
    expect(listed()).toEqual(['a@example.test', 'b@example.test']);
    expect(screen.getByLabelText('Email')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove a@example.test' }));
    expect(listed()).toEqual(['b@example.test']);
  });

  it('rejects an invalid e-mail with the contract message and keeps what was typed', async () => {
    const { user } = renderDialog();
    await add(user, 'not-an-email');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(Messages.emailInvalid);
    expect(screen.getByLabelText('Email')).toHaveValue('not-an-email');
    expect(listed()).toEqual([]);
  });

  it('sending an empty list says to add an e-mail and sends nothing', async () => {
    const sent = vi.fn();
    server.use(
      http.post(apiUrl(Routes.teamInvite, { id: TEAM }), () => (sent(), apiOk({ invited: [], already_members: [] }))),
    );
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please add an email to send invitiatons.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends the list, says so and closes', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.teamInvite, { id: TEAM }), async ({ request }) => {
        body = await request.json();
        return apiOk({ invited: ['a@example.test', 'b@example.test'], already_members: [] }, Messages.invitationsSent);
      }),
    );
    const { user, onClose } = renderDialog();
    await add(user, 'a@example.test');
    await add(user, 'b@example.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Invitations were sent successfully')).toBeInTheDocument();
    expect(body).toEqual({ emails: ['a@example.test', 'b@example.test'] });
    expect(onClose).toHaveBeenCalled();
  });

  it('a failure with a server message names it, keeps the list and stays open', async () => {
    server.use(
      http.post(apiUrl(Routes.teamInvite, { id: TEAM }), () => apiError(403, 'You are not allowed to do this.')),
    );
    const { user, onClose } = renderDialog();
    await add(user, 'a@example.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Error occurred (You are not allowed to do this.) invitations were not sent'),
    ).toBeInTheDocument();
    expect(listed()).toEqual(['a@example.test']);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a failure without a response says the invitations were not sent', async () => {
    server.use(http.post(apiUrl(Routes.teamInvite, { id: TEAM }), () => HttpResponse.error()));
    const { user } = renderDialog();
    await add(user, 'a@example.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Error occurred, invitations were not sent')).toBeInTheDocument();
  });

  it('an address typed but not added yet is sent too', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl(Routes.teamInvite, { id: TEAM }), async ({ request }) => {
        body = await request.json();
        return apiOk({ invited: [], already_members: [] }, Messages.invitationsSent);
      }),
    );
    const { user } = renderDialog();
    await add(user, 'a@example.test');
    await user.click(screen.getByLabelText('Email'));
    await user.paste('c@example.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(body).toEqual({ emails: ['a@example.test', 'c@example.test'] }));
  });
});
