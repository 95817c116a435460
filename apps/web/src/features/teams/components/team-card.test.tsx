import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { buildMember, buildTeam, renderWithProviders } from '../../../test/team-fixtures';
import { TeamCard } from './team-card';

const members = (n: number) => Array.from({ length: n }, (_, i) => buildMember({ id: 300 + i }));

describe('TeamCard', () => {
  it('shows up to four member avatars, then +N for the rest of users_count', () => {
    renderWithProviders(<TeamCard team={buildTeam({ users: members(4), users_count: 9 })} coach={false} />);
    expect(screen.getAllByTestId('member-avatar')).toHaveLength(4);
    expect(screen.getByText('+5')).toBeInTheDocument();
  });

  it('shows no +N when the team has four members or fewer', () => {
    renderWithProviders(<TeamCard team={buildTeam({ users: members(3), users_count: 3 })} coach={false} />);
    expect(screen.getAllByTestId('member-avatar')).toHaveLength(3);
    expect(screen.queryByText(/^\+\d+$/)).not.toBeInTheDocument();
  });

  it('never shows more than four avatars even if the API sends more', () => {
    renderWithProviders(<TeamCard team={buildTeam({ users: members(6), users_count: 6 })} coach={false} />);
    expect(screen.getAllByTestId('member-avatar')).toHaveLength(4);
    expect(screen.getByText('+2')).toBeInTheDocument();
  });

  it('links the picture and name to the team and the info icon to /teams/{id}/info', () => {
    renderWithProviders(<TeamCard team={buildTeam({ id: 12, name: 'Rowing' })} coach={false} />);
    expect(screen.getByRole('link', { name: 'Open Rowing' })).toHaveAttribute('href', paths.teamHome(12));
    expect(screen.getByRole('link', { name: 'Rowing' })).toHaveAttribute('href', paths.teamHome(12));
    expect(screen.getByRole('link', { name: 'Rowing information' })).toHaveAttribute('href', '/teams/12/info');
    expect(screen.queryByTestId('inactive-overlay')).not.toBeInTheDocument();
  });

  it('shows the latest Inspiration topic (latest_topic), and nothing without one', () => {
    const { unmount } = renderWithProviders(
      <TeamCard team={buildTeam({ latest_topic: { content: 'Who helped you this week?' } })} coach={false} />,
    );
    expect(screen.getByText('Who helped you this week?')).toHaveTextContent('Inspiration: Who helped you this week?');
    unmount();
    renderWithProviders(<TeamCard team={buildTeam({ latest_topic: null })} coach={false} />);
    expect(screen.queryByText(/Inspiration:/)).not.toBeInTheDocument();
  });

  it('an inactive team is greyed out with an overlay and an Upgrade to Coach link', () => {
    renderWithProviders(
      <TeamCard team={buildTeam({ name: 'Dormant', status: 'inactive' })} coach onInvite={vi.fn()} />,
    );
    const overlay = screen.getByTestId('inactive-overlay');
    expect(within(overlay).getByRole('link', { name: 'Upgrade to Coach' })).toHaveAttribute(
      'href',
      '/paymentMethod/Coach',
    );
    // The card underneath is out of reach: hidden from assistive tech and without an invite action.
    expect(screen.queryByRole('link', { name: 'Open Dormant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Members' })).not.toBeInTheDocument();
  });

  it.each([
    [true, 2, true],
    [true, 3, true],
    [true, 4, false],
    [false, 2, false],
    [false, 3, false],
    [false, 4, false],
  ])('Invite Members for coach=%s and role %i: shown=%s', (coach, role, shown) => {
    renderWithProviders(<TeamCard team={buildTeam({ role_id: role })} coach={coach} onInvite={vi.fn()} />);
    expect(Boolean(screen.queryByRole('button', { name: 'Invite Members' }))).toBe(shown);
  });

  it('Invite Members hands the team to the page', async () => {
    const onInvite = vi.fn();
    const team = buildTeam({ role_id: 3 });
    const { user } = renderWithProviders(<TeamCard team={team} coach onInvite={onInvite} />);
    await user.click(screen.getByRole('button', { name: 'Invite Members' }));
    expect(onInvite).toHaveBeenCalledWith(team);
  });

  it("'Invite Members' never wraps; the actions move under the avatars instead", () => {
    renderWithProviders(<TeamCard team={buildTeam({ users: members(4), users_count: 9 })} coach onInvite={vi.fn()} />);
    expect(getComputedStyle(screen.getByRole('button', { name: 'Invite Members' })).whiteSpace).toBe('nowrap');
    const actions = screen.getByRole('button', { name: 'Invite Members' }).closest('.MuiCardActions-root')!;
    expect(getComputedStyle(actions).flexWrap).toBe('wrap');
  });

  it('stacked avatars keep their initials clear: a ring, a small overlap and initials sized to the circle', () => {
    const users = [buildMember({ id: 1, first_name: 'Ana', last_name: 'de la Cruz' }), buildMember({ id: 2 })];
    renderWithProviders(<TeamCard team={buildTeam({ users, users_count: 2 })} coach={false} />);
    const [first, second] = screen.getAllByTestId('member-avatar');
    expect(getComputedStyle(first!).borderWidth).toBe('2px');
    // 4 px of overlap (on the avatar's profile link): the next avatar's ring and 2 px of this
    // circle's empty edge.
    expect(getComputedStyle(second!.closest('a')!).marginLeft).toBe('-4px');
    expect(parseFloat(getComputedStyle(screen.getByText('ADL')).fontSize)).toBeLessThanOrEqual(11);
  });

  it("each stacked avatar links to that member's profile", () => {
    const users = [buildMember({ id: 7, first_name: 'Ana', last_name: 'Lee' }), buildMember({ id: 8 })];
    renderWithProviders(<TeamCard team={buildTeam({ users, users_count: 2 })} coach={false} />);
    expect(screen.getByRole('link', { name: "Ana Lee's profile" })).toHaveAttribute('href', paths.userProfile(7));
    expect(screen.getByRole('link', { name: "First8 Last8's profile" })).toHaveAttribute('href', paths.userProfile(8));
  });

  it('an inactive card keeps its member links out of the tab order', () => {
    renderWithProviders(
      <TeamCard
        team={buildTeam({ status: 'inactive', users: [buildMember({ id: 7 })], users_count: 1 })}
        coach={false}
      />,
    );
    expect(screen.getByTestId('member-avatar').closest('a')).toHaveAttribute('tabindex', '-1');
  });
});
