import { describe, expect, it } from 'vitest';
import {
  ABILITIES,
  can,
  createsPersonalTeam,
  inviteOffered,
  isCoach,
  subscriptionActive,
  trialRunning,
  isLead,
  ownsPersonalTeam,
  roleLabel,
  roleWithArticle,
  verdict,
  type CoachFacts,
  type Viewer,
} from './abilities.js';
import { PostType, Role } from './ids.js';

const owner: Viewer = { userId: 1, role: Role.Owner, coach: true };
const admin: Viewer = { userId: 2, role: Role.Admin, coach: true };
const member: Viewer = { userId: 3, role: Role.Member, coach: true };
const lapsedOwner: Viewer = { ...owner, coach: false };

const post = (
  over: Partial<{ author_id: number; type_id: number; is_forwarded: boolean; published: boolean }> = {},
) => ({
  author_id: 9,
  type_id: PostType.text,
  is_forwarded: false,
  published: true,
  ...over,
});

describe('the permission table (spec §6)', () => {
  it('leads (2, 3) edit and manage; members (4) do not', () => {
    for (const ability of ['team.update', 'topic.edit', 'stats.view', 'task.create'] as const) {
      expect([can(ability, owner), can(ability, admin), can(ability, member)], ability).toEqual([true, true, false]);
    }
    expect([isLead(Role.Owner), isLead(Role.Admin), isLead(Role.Member)]).toEqual([true, true, false]);
  });

  it('a task is completed by whom it tags, by anyone when it tags no one, and by its creator (spec §4)', () => {
    const tagged = { creator_id: owner.userId, tagged_ids: [member.userId] };
    expect([can('task.complete', owner, tagged), can('task.complete', member, tagged)]).toEqual([true, true]);
    expect(can('task.complete', admin, tagged)).toBe(false);
    expect(can('task.complete', admin, { creator_id: owner.userId, tagged_ids: [] })).toBe(true);
  });

  it('only the Super Admin deletes the engagement (decisions.md, ADR 0019)', () => {
    expect([verdict('team.delete', owner), verdict('team.delete', admin), verdict('team.delete', member)]).toEqual([
      'allow',
      'forbidden',
      'forbidden',
    ]);
  });

  it('only the Super Admin sets the level of engagement', () => {
    expect([can('level.set', owner), can('level.set', admin), can('level.set', member)]).toEqual([true, false, false]);
  });

  it('inviting needs a lead role, then the Coach plan, each with its own reason', () => {
    expect(verdict('team.invite', owner)).toBe('allow');
    expect(verdict('team.invite', admin)).toBe('allow');
    expect(verdict('team.invite', member)).toBe('forbidden');
    expect(verdict('team.invite', lapsedOwner)).toBe('coach_plan_required');
  });

  it('creating an engagement: a Coach always; anyone else one personal team, then the Coach plan (spec §1, §6)', () => {
    const coach = { userId: 1, coach: true };
    const free = { userId: 2, coach: false };
    expect(verdict('team.create', coach, { owns_personal_team: true })).toBe('allow');
    expect(verdict('team.create', free, { owns_personal_team: false })).toBe('allow');
    expect(verdict('team.create', free, { owns_personal_team: true })).toBe('coach_plan_required');
    expect([createsPersonalTeam(coach), createsPersonalTeam(free)]).toEqual([false, true]);
    const mine = { is_personal: true, role_id: Role.Owner };
    expect([
      ownsPersonalTeam([mine]),
      ownsPersonalTeam([{ ...mine, role_id: Role.Member }]),
      ownsPersonalTeam([]),
    ]).toEqual([true, false, false]);
  });

  it('a post is shared only into teams the viewer leads (their role there)', () => {
    expect([can('post.shareTo', owner), can('post.shareTo', admin), can('post.shareTo', member)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('Invite Members is offered where spec §6 places it, and only when team.invite allows it', () => {
    const places = ['card', 'sidebar', 'tag'] as const;
    expect(places.map((p) => inviteOffered(p, owner))).toEqual([true, true, true]);
    expect(places.map((p) => inviteOffered(p, admin))).toEqual([true, false, true]);
    expect(places.map((p) => inviteOffered(p, member))).toEqual([false, false, false]);
    // A lead without the Coach plan is offered it nowhere (the server would answer 403).
    expect(places.map((p) => inviteOffered(p, lapsedOwner))).toEqual([false, false, false]);
    expect(places.map((p) => inviteOffered(p, { ...admin, coach: false }))).toEqual([false, false, false]);
  });

  it('role labels come from one table', () => {
    expect([Role.Owner, Role.Admin, Role.Member].map(roleLabel)).toEqual(['Super Admin', 'Admin', 'Member']);
    expect([Role.Owner, Role.Admin, Role.Member].map(roleWithArticle)).toEqual([
      'the Super Admin',
      'an Admin',
      'a Member',
    ]);
  });

  it("the Super Admin's role never changes and they cannot be removed", () => {
    const ownerCard = { id: owner.userId, role_id: Role.Owner };
    expect(verdict('member.changeRole', admin, ownerCard)).toBe('owner_role_fixed');
    expect(verdict('member.remove', admin, ownerCard)).toBe('owner_cannot_be_removed');
    expect(verdict('member.remove', owner, ownerCard)).toBe('owner_cannot_be_removed');
    expect(verdict('member.changeRole', member, { id: 5, role_id: Role.Member })).toBe('forbidden');
  });

  it('leads remove anyone else; a member removes only themselves (leaving)', () => {
    const other = { id: 5, role_id: Role.Member };
    expect(can('member.remove', admin, other)).toBe(true);
    expect(can('member.remove', member, other)).toBe(false);
    expect(can('member.remove', member, { id: member.userId, role_id: Role.Member })).toBe(true);
  });

  it('sharing: leads only, never a forwarded post, videos and slideshows only once published', () => {
    expect(can('post.share', admin, post())).toBe(true);
    expect(can('post.share', member, post())).toBe(false);
    expect(can('post.share', owner, post({ is_forwarded: true }))).toBe(false);
    expect(can('post.share', owner, post({ type_id: PostType.teamvideo, published: false }))).toBe(false);
    expect(can('post.share', owner, post({ type_id: PostType.slideshow, published: true }))).toBe(true);
    // No footer, no Share; a check-in answer stays with the team that asked.
    expect(can('post.share', owner, post({ type_id: PostType.checkin }))).toBe(false);
    expect(can('post.share', owner, post({ type_id: PostType['checkin.reply'] }))).toBe(false);
    expect(can('post.share', owner, post({ type_id: PostType.topic }))).toBe(true);
  });

  it('deleting: a lead or the author, and only types 1, 6, 8, 9 and 11', () => {
    expect(can('post.delete', member, post({ author_id: member.userId }))).toBe(true);
    expect(can('post.delete', member, post())).toBe(false);
    expect(can('post.delete', admin, post({ type_id: PostType.celebration }))).toBe(true);
    for (const type of [
      PostType.welcomemessage,
      PostType.topic,
      PostType.checkin,
      PostType.todo,
      PostType.watercooler,
    ]) {
      expect(can('post.delete', owner, post({ type_id: type, author_id: owner.userId })), String(type)).toBe(false);
    }
  });

  it('post types by role: everyone text, announcement and bright idea; leads also check-in, video and slideshow', () => {
    for (const type of [PostType.text, PostType.celebration, PostType.brightidea]) {
      expect(can('post.create', member, { type_id: type }), String(type)).toBe(true);
    }
    for (const type of [PostType.checkin, PostType.teamvideo, PostType.slideshow]) {
      expect(can('post.create', member, { type_id: type }), String(type)).toBe(false);
      expect(can('post.create', admin, { type_id: type }), String(type)).toBe(true);
    }
    expect(can('post.create', owner, { type_id: PostType.welcomemessage })).toBe(false);
  });

  it('reactions and comments on every post but check-ins and watercooler posts', () => {
    expect(can('post.engage', member, { type_id: PostType.text })).toBe(true);
    expect(can('post.engage', member, { type_id: PostType['checkin.reply'] })).toBe(true);
    expect(can('post.engage', owner, { type_id: PostType.checkin })).toBe(false);
    expect(can('post.engage', owner, { type_id: PostType.watercooler })).toBe(false);
  });

  it('only the owner of a video or slideshow publishes it', () => {
    expect(can('content.publish', admin, { owner_id: admin.userId })).toBe(true);
    expect(can('content.publish', owner, { owner_id: admin.userId })).toBe(false);
  });

  it('every row answers for every role without throwing', () => {
    const anyTarget = { id: 5, role_id: Role.Member, owner_id: 5, creator_id: 5, tagged_ids: [5], ...post() };
    for (const ability of ABILITIES) {
      for (const viewer of [owner, admin, member, lapsedOwner]) {
        const answer = (verdict as (a: string, v: Viewer, t: unknown) => string)(ability, viewer, anyTarget);
        expect(['allow', 'forbidden', 'coach_plan_required', 'owner_role_fixed', 'owner_cannot_be_removed']).toContain(
          answer,
        );
      }
    }
  });
});

describe('isCoach', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const facts = (over: Partial<CoachFacts>): CoachFacts => ({
    name: 'Premium',
    stripe_status: 'active',
    trial_ends_at: null,
    has_payment_method: false,
    ...over,
  });

  it('Premium, active or within its trial', () => {
    expect(isCoach(facts({}), now)).toBe(true);
    expect(isCoach(facts({ stripe_status: 'trialing', trial_ends_at: '2026-11-24T12:00:00Z' }), now)).toBe(true);
  });

  it('a trial is active through its end instant; past it, without a card, it is over before the expiry job runs', () => {
    expect(isCoach(facts({ stripe_status: 'trialing', trial_ends_at: '2026-11-23T12:00:00.000Z' }), now)).toBe(true);
    expect(isCoach(facts({ stripe_status: 'trialing', trial_ends_at: '2026-11-23T11:59:59.999Z' }), now)).toBe(false);
    expect(isCoach(facts({ stripe_status: 'trialing', trial_ends_at: '2026-11-23T11:59:59Z' }), now)).toBe(false);
    // With a card on file the provider renews it; the plan stays.
    expect(
      isCoach(
        facts({ stripe_status: 'trialing', trial_ends_at: '2026-11-23T11:00:00Z', has_payment_method: true }),
        now,
      ),
    ).toBe(true);
  });

  it('takes the verdict the server presented (is_active) over its own clock', () => {
    const ended = facts({ stripe_status: 'trialing', trial_ends_at: '2026-11-23T11:00:00Z' });
    expect(isCoach({ ...ended, is_active: true }, now)).toBe(true);
    expect(isCoach({ ...facts({}), is_active: false }, now)).toBe(false);
    expect(isCoach({ ...facts({ name: 'Free' }), is_active: true }, now)).toBe(false);
  });

  it('subscriptionActive is the same rule for any plan: Settings’ Subscribed', () => {
    const member = facts({ name: 'Free' });
    expect(subscriptionActive(member, now)).toBe(true);
    const trial = facts({ stripe_status: 'trialing', trial_ends_at: '2026-11-23T12:00:00.000Z' });
    expect(subscriptionActive(trial, now)).toBe(true);
    expect(subscriptionActive(trial, new Date('2026-11-23T12:00:00.001Z'))).toBe(false);
    expect(subscriptionActive(facts({ stripe_status: 'canceled' }), now)).toBe(false);
    expect(trialRunning(null, now)).toBe(true);
  });

  it('the Member plan, a cancelled or unpaid plan, or none is not a coach', () => {
    expect(isCoach(facts({ name: 'Free' }), now)).toBe(false);
    for (const stripe_status of ['canceled', 'past_due', 'incomplete', 'unpaid'] as const)
      expect(isCoach(facts({ stripe_status }), now), stripe_status).toBe(false);
    expect(isCoach(null, now)).toBe(false);
    expect(isCoach(undefined, now)).toBe(false);
  });
});
