/**
 * Spec §6 as one table of named abilities: pure functions of the viewer (team role, plan) and
 * the object. The server checks every action through `verdict`; the web shows a button exactly
 * when `can` says the server would allow it. Membership of the team is a precondition of every
 * row: a team the viewer is not in does not exist for them (404), before any row is asked.
 */
import { PostType, Role } from './ids.js';
import { Messages } from './messages.js';
import type { SubscriptionDto } from './schemas/billing.js';

/** What a rule knows of the person acting. */
export interface Viewer {
  userId: number;
  /** The viewer's role_id in the team (2 owner, 3 admin, 4 member). */
  role: number;
  /** The viewer holds the Coach plan now (`isCoach`). */
  coach: boolean;
}

/** A member card or a member a call names. */
export interface MemberTarget {
  id: number;
  role_id: number;
}

/** A timeline post, as far as the rules need it. */
export interface PostTarget {
  author_id: number;
  type_id: number;
  is_forwarded: boolean;
  /** For team videos and slideshows: published to the team. */
  published: boolean;
}

/** A to-do task, as far as the rules need it. */
export interface TaskTarget {
  creator_id: number;
  tagged_ids: readonly number[];
}

/** Content with one owner: a team video or a slideshow. */
export interface OwnedTarget {
  owner_id: number;
}

/**
 * A rule's answer: 'allow', or why not. Each denial has its own message, so the server can say
 * "you need the Coach plan" rather than a bare "not allowed".
 */
export type Verdict = 'allow' | 'forbidden' | 'coach_plan_required' | 'owner_role_fixed' | 'owner_cannot_be_removed';

export const DENIAL_MESSAGES: Record<Exclude<Verdict, 'allow'>, string> = {
  forbidden: Messages.forbidden,
  coach_plan_required: Messages.needCoachPlan,
  owner_role_fixed: Messages.ownerRoleFixed,
  owner_cannot_be_removed: Messages.ownerCannotBeRemoved,
};

/** Roles 2 and 3 lead a team (spec §6). */
export const isLead = (role: number): boolean => role === Role.Owner || role === Role.Admin;

/** Post types a lead or the author may delete (decisions.md): text, team video, celebration, bright idea, slideshow. */
export const DELETABLE_POST_TYPES: readonly number[] = [
  PostType.text,
  PostType.teamvideo,
  PostType.celebration,
  PostType.brightidea,
  PostType.slideshow,
];
/** Post types everyone may create; leads (roles 2 and 3) also create check-ins, team videos and slideshows (spec §6). */
export const MEMBER_POST_TYPES: readonly number[] = [PostType.text, PostType.celebration, PostType.brightidea];
export const LEAD_POST_TYPES: readonly number[] = [
  ...MEMBER_POST_TYPES,
  PostType.checkin,
  PostType.teamvideo,
  PostType.slideshow,
];
/** The post types a role's selector offers. */
export const postTypesFor = (role: number): readonly number[] => (isLead(role) ? LEAD_POST_TYPES : MEMBER_POST_TYPES);
/** Check-in and watercooler posts have no footer: no reactions, no comments (spec §2). */
export const POST_TYPES_WITHOUT_FOOTER: readonly number[] = [PostType.checkin, PostType.watercooler];

/**
 * Post types never shared: those without a footer (where Share sits) and a member's check-in
 * answer, which belongs to the team whose coach asked.
 */
export const UNSHAREABLE_POST_TYPES: readonly number[] = [...POST_TYPES_WITHOUT_FOOTER, PostType['checkin.reply']];

/** Post types shared only once published: team videos and slideshows. */
export const PUBLISHED_ONLY_SHARE_TYPES: readonly number[] = [PostType.teamvideo, PostType.slideshow];

/** The facts of a subscription that decide the Coach plan. */
export type CoachFacts = Pick<SubscriptionDto, 'name' | 'stripe_status' | 'trial_ends_at' | 'has_payment_method'>;

/**
 * Premium, active or trialing (spec §6). A trial past its end without a card on file is over at
 * once, before the expiry job has moved the account to the Member plan.
 */
export function isCoach(s: CoachFacts | null | undefined, now: Date = new Date()): boolean {
  if (!s || s.name !== 'Premium') return false;
  if (s.stripe_status === 'active') return true;
  if (s.stripe_status !== 'trialing') return false;
  return s.has_payment_method || s.trial_ends_at === null || Date.parse(s.trial_ends_at) > now.getTime();
}

const when = (allowed: boolean): Verdict => (allowed ? 'allow' : 'forbidden');
const lead = (v: Viewer) => when(isLead(v.role));

/** A rule with no object (`void`) or with one of type T. */
type Rule<T = void> = (viewer: Viewer, target: T) => Verdict;
const rule = <T = void>(fn: Rule<T>) => fn;

export const Abilities = {
  // Teams and members (issue 3)
  'team.update': rule(lead),
  /**
   * Deleting an engagement is its owner's act alone (decisions.md; spec §6 only hides the button
   * from role 4): an admin must not be able to erase a paying coach's team. ADR 0019.
   */
  'team.delete': rule((v) => when(v.role === Role.Owner)),
  'team.invite': rule((v) => (!isLead(v.role) ? 'forbidden' : v.coach ? 'allow' : 'coach_plan_required')),
  'level.set': rule((v) => when(v.role === Role.Owner)),
  'member.changeRole': rule<MemberTarget>((v, t) =>
    !isLead(v.role) ? 'forbidden' : t.role_id === Role.Owner ? 'owner_role_fixed' : 'allow',
  ),
  /** Leads remove others; anyone but the Super Admin may leave (remove themselves). */
  'member.remove': rule<MemberTarget>((v, t) =>
    !isLead(v.role) && t.id !== v.userId ? 'forbidden' : t.role_id === Role.Owner ? 'owner_cannot_be_removed' : 'allow',
  ),

  // Timeline, rituals and lists (later issues; the rules are spec §6's today)
  'post.share': rule<PostTarget>((v, p) =>
    when(
      isLead(v.role) &&
        !p.is_forwarded &&
        !UNSHAREABLE_POST_TYPES.includes(p.type_id) &&
        (!PUBLISHED_ONLY_SHARE_TYPES.includes(p.type_id) || p.published),
    ),
  ),
  'post.delete': rule<PostTarget>((v, p) =>
    when((isLead(v.role) || p.author_id === v.userId) && DELETABLE_POST_TYPES.includes(p.type_id)),
  ),
  /** Create a post of this type (the selector offers exactly these). */
  'post.create': rule<{ type_id: number }>((v, p) => when(postTypesFor(v.role).includes(p.type_id))),
  /** React to or comment on a post: any member, on a post that has a footer. */
  'post.engage': rule<Pick<PostTarget, 'type_id'>>((_v, p) => when(!POST_TYPES_WITHOUT_FOOTER.includes(p.type_id))),
  'topic.edit': rule(lead),
  'stats.view': rule(lead),
  'checkin.request': rule(lead),
  'todoList.create': rule(lead),
  'task.create': rule(lead),
  'task.delete': rule(lead),
  /** Spec §4: whoever the task tags, anyone when it tags no one, and its creator. */
  'task.complete': rule<TaskTarget>((v, t) =>
    when(t.creator_id === v.userId || t.tagged_ids.length === 0 || t.tagged_ids.includes(v.userId)),
  ),
  /** Only the owner of a video or slideshow publishes it and sends reminders. */
  'content.publish': rule<OwnedTarget>((v, c) => when(c.owner_id === v.userId)),
} as const;

export type Ability = keyof typeof Abilities;
export const ABILITIES = Object.keys(Abilities) as Ability[];

/** The object an ability is asked about, or none. */
export type TargetOf<A extends Ability> = Parameters<(typeof Abilities)[A]>[1];
type TargetArgs<A extends Ability> = TargetOf<A> extends void ? [] : [target: TargetOf<A>];

/** Why the viewer may not do this, or 'allow'. */
export function verdict<A extends Ability>(ability: A, viewer: Viewer, ...target: TargetArgs<A>): Verdict {
  const fn = Abilities[ability] as (v: Viewer, t: unknown) => Verdict;
  return fn(viewer, target[0]);
}

/** The viewer may do this. */
export const can = <A extends Ability>(ability: A, viewer: Viewer, ...target: TargetArgs<A>): boolean =>
  verdict(ability, viewer, ...target) === 'allow';

export const roleLabel = (role: number): string =>
  role === Role.Owner ? 'Super Admin' : role === Role.Admin ? 'Admin' : 'Member';
