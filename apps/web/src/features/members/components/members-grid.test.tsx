import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Routes, type MemberDto } from '@rally/contract';
import { paths } from '../../../config/paths';
import { buildMember, renderWithProviders } from '../../../test/team-fixtures';
import { apiError, apiOk, apiUrl, server } from '../../../test/server';
import { MembersGrid } from './members-grid';

const TEAM = 5;
const owner = buildMember({ id: 1, first_name: 'Olive', last_name: 'Owner', role_id: 2 });
const admin = buildMember({ id: 2, first_name: 'Adam', last_name: 'Admin', role_id: 3 });
const member = buildMember({ id: 3, first_name: 'Mia', last_name: 'Member', role_id: 4 });
const other = buildMember({ id: 4, first_name: 'Otto', last_name: 'Other', role_id: 4 });
const all = [owner, admin, member, other];

function serve(list: MemberDto[] = all) {
  server.use(http.get(apiUrl(Routes.teamMembers, { id: TEAM }), () => apiOk(list)));
}

/** The fake change-user-role call: answers with `changed` and keeps the body it was sent. */
function serveRoleChange(changed: MemberDto) {
  const sent: { body?: unknown } = {};
  server.use(
    http.post(apiUrl(Routes.changeUserRole, { id: TEAM }), async ({ request }) => {
      sent.body = await request.json();
      return apiOk(changed);
    }),
  );
  return sent;
}

const card = (name: string) => screen.getByRole('listitem', { name });
const menuButton = (name: string) => within(card(name)).queryByRole('button', { name: `Actions for ${name}` });

/** Opens the menu on `name`'s card, picks `item` and answers Yes to the dialog asking `question`. */
async function confirmAction(user: UserEvent, name: string, item: string, question: string) {
  await user.click(menuButton(name)!);
  await user.click(await screen.findByRole('menuitem', { name: item }));
  await user.click(within(await screen.findByRole('dialog', { name: question })).getByRole('button', { name: 'Yes' }));
}

async function renderAs(viewer: MemberDto, props: { onChanged?: () => void; onLeft?: () => void } = {}) {
  serve();
  const view = renderWithProviders(
    <MembersGrid teamId={TEAM} viewer={{ id: viewer.id, role: viewer.role_id }} {...props} />,
  );
  await screen.findByRole('list', { name: 'Members' });
  return view;
}

describe('MembersGrid', () => {
  it("links each member's avatar and name to their profile", async () => {
    await renderAs(owner);
    expect(within(card('Mia Member')).getByRole('link', { name: 'Mia Member' })).toHaveAttribute(
      'href',
      paths.userProfile(member.id),
    );
  });

  it('lists every member with their role label', async () => {
    await renderAs(owner);
    expect(within(card('Olive Owner')).getByText('Super Admin')).toBeInTheDocument();
    expect(within(card('Adam Admin')).getByText('Admin')).toBeInTheDocument();
    expect(within(card('Mia Member')).getByText('Member')).toBeInTheDocument();
  });

  it.each([
    ['owner', owner, { 'Olive Owner': false, 'Adam Admin': true, 'Mia Member': true, 'Otto Other': true }],
    ['admin', admin, { 'Olive Owner': false, 'Adam Admin': true, 'Mia Member': true, 'Otto Other': true }],
    ['member', member, { 'Olive Owner': false, 'Adam Admin': false, 'Mia Member': true, 'Otto Other': false }],
  ])('the %s sees a menu on exactly the allowed cards', async (_label, viewer, expected) => {
    await renderAs(viewer);
    for (const [name, shown] of Object.entries(expected)) expect(Boolean(menuButton(name))).toBe(shown);
  });

  it.each([
    ['owner', 'Mia Member', ['Make Admin', 'Remove from Team'], owner],
    ['owner', 'Adam Admin', ['Remove From Admin', 'Remove from Team'], owner],
    ['admin', 'Otto Other', ['Make Admin', 'Remove from Team'], admin],
    ['member', 'Mia Member', ['Remove from Team'], member],
  ])('the %s opening the menu of %s sees %j', async (_label, target, items, viewer) => {
    const { user } = await renderAs(viewer);
    await user.click(menuButton(target)!);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(items);
  });

  it('Make Admin asks first, sends role 3 and confirms in a snackbar', async () => {
    const sent = serveRoleChange({ ...member, role_id: 3 });
    const onChanged = vi.fn();
    const { user } = await renderAs(owner, { onChanged });
    await confirmAction(user, 'Mia Member', 'Make Admin', 'Make Mia Member an Admin?');

    expect(await screen.findByText('Mia Member role has been changed.')).toBeInTheDocument();
    expect(sent.body).toEqual({ user_id: 3, role_id: 3 });
    expect(onChanged).toHaveBeenCalled();
  });

  it('Remove From Admin sends role 4', async () => {
    const sent = serveRoleChange({ ...admin, role_id: 4 });
    const { user } = await renderAs(owner);
    await confirmAction(user, 'Adam Admin', 'Remove From Admin', 'Remove Adam Admin from an Admin?');

    expect(await screen.findByText('Adam Admin role has been changed.')).toBeInTheDocument();
    expect(sent.body).toEqual({ user_id: 2, role_id: 4 });
  });

  it('Remove from Team deletes the member and says so', async () => {
    const deleted = vi.fn();
    server.use(
      http.delete(apiUrl(Routes.removeMember, { id: TEAM, userId: 4 }), () => {
        deleted();
        return apiOk(null);
      }),
    );
    const { user } = await renderAs(admin);
    await confirmAction(user, 'Otto Other', 'Remove from Team', 'Remove Otto Other from this team?');

    expect(await screen.findByText('Otto Other has removed from the team.')).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledOnce();
  });

  it('a member removing their own card leaves the team', async () => {
    server.use(http.delete(apiUrl(Routes.removeMember, { id: TEAM, userId: 3 }), () => apiOk(null)));
    const onLeft = vi.fn();
    const onChanged = vi.fn();
    const { user } = await renderAs(member, { onLeft, onChanged });
    await confirmAction(user, 'Mia Member', 'Remove from Team', 'Remove Mia Member from this team?');

    await waitFor(() => expect(onLeft).toHaveBeenCalledOnce());
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('Cancel sends nothing; a refused change shows the server message', async () => {
    server.use(
      http.post(apiUrl(Routes.changeUserRole, { id: TEAM }), () => apiError(403, 'You are not allowed to do this.')),
    );
    const { user } = await renderAs(owner);
    await user.click(menuButton('Mia Member')!);
    await user.click(await screen.findByRole('menuitem', { name: 'Make Admin' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(menuButton('Mia Member')!);
    await user.click(await screen.findByRole('menuitem', { name: 'Make Admin' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You are not allowed to do this.')).toBeInTheDocument();
  });
});
